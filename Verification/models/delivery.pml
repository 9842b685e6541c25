/*
 * A serial scheduler's ordered queue and deliverOn's runs on it, as
 * Sources/RACSwift implements them since 46f17ad:
 *
 * - the scheduler queue: Schedulers/RACSchedulerQueue.swift (push, drain,
 *   resubmit, awaitLink; the stub, RACQueueStub), its node owners
 *   (Schedulers/RACScheduledWork.swift: RACScheduledBlock's run and
 *   retire), RACQueueScheduler.submitDrain (a Dispatch user-data source:
 *   one handler run per signal, the submitted drain's reference let go of
 *   after it);
 * - deliverOn's queue: Schedulers/RACDeliveryQueue.swift (send, join,
 *   startRun, growTail, awaitRoom; run(_:term:), retireRun,
 *   handBackUsedChunks, deliverOldest), Schedulers/RACDeliveryChunk.swift
 *   (the chunks, their slots and the slots' run nodes), the linger
 *   (Atomics/RACSpinPolicy.swift), the backlog gate (Atomics/BacklogGate.swift:
 *   enter, leave, awaitTurn, letWaiterGo) and the shared wait
 *   (racAwaitTurn, racSpinForTurn: Atomics/Serializer+Waiting.swift), the
 *   sink's own end flag (RACSubscriptionSink.sendNext, markEnded) and the
 *   subscription's disposal (RACScheduledTarget: read once per run).
 *
 * Every step is commented with the Swift it stands for (docs/Verification.md
 * has the table). Each atomic operation of the Swift code is one step here;
 * what one side alone touches (the sender's ctail, ctailIndex, openRun,
 * reserve; the drain's head, headIndex, oldest and its locals) are plain
 * variables.
 *
 * Nodes are numbers: 0 is nil, STUB the queue's stub, BLK0.. the plain
 * blocks' nodes (memory of their own, freed when retired: a later block
 * takes the lowest free one, as malloc reuses memory), RUN0.. one per slot
 * of the delivery queue's chunks (a run's node is its first event's slot's;
 * the chunks are handed back and reused, so these are reused too).
 *
 * Processes:
 *   sender     the deliverOn subscription's one sender (point 1): NEV
 *              events (the last one `completed` with -DEND), each counted
 *              into the gate, written to a slot, then joined to the open run
 *              or started as a run of its own (a push); waits at the bound.
 *   pusher     a thread scheduling NBLK plain blocks (schedule(_:): a push).
 *   executor   NEXEC of them: the threads that run submitted drains. With
 *              1, Dispatch's serial queue (the source's handler runs one at a
 *              time); with 2, any submitted drain may start at once, so the
 *              queue's own protocol must keep drains apart (nothing of the
 *              queue is touched after the compare-and-swap that ends a
 *              burst, or after a resubmission).
 *   disposer   with -DDISPOSE: the subscription's dispose(), at any time.
 * Configurations: -DSTALLS (a delivery may last longer than a patience, at
 * most MAXSTALLS times: the sender may then give up), -DMARKS (a delivery
 * may be in a long wait, drainWaits marked, and the sender holds
 * something).
 *
 * Properties:
 * - every node runs exactly once (a block once, a run to its close once,
 *   resumed where its term ran out), in push order, and RAC's order across
 *   owners: a block whose push returned before an event's send began runs
 *   before that event is delivered, and an event whose send had queued it
 *   before a block's push began is delivered before that block runs;
 * - every event taken out exactly once, in the order sent; without a
 *   disposal delivered exactly once, in order; nothing delivered after
 *   dispose() returned or after the end event;
 * - no node retired while it is the tail or a push has yet to write its
 *   link; no push links (or a sender restarts) a node that is not in the
 *   queue; a join counts into a run in the queue only; a chunk handed back
 *   only with every slot empty and every run node in it retired, unlinked;
 * - no two drains at once (the drain's fields touched inside one only);
 *   one submission at a time (one handler run per signal: a Dispatch
 *   source would merge two, and leak a reference);
 * - the gate's bound: BACKLOG + 1, plus one per give-up or wait skipped at
 *   the drain's mark;
 * - no lost wake-up: a submitted drain always runs, a drain waiting for a
 *   link always gets it, a sleeping sender is woken (a sender sleeps past a
 *   patience only while a delivery is stalled, so a missing wake-up leaves
 *   it asleep for ever); at the end the queue idle, every node retired,
 *   nothing queued or owed, no chunk leaked (pan's end-state check and
 *   init's assertions).
 *
 * One step differs from Sources as of 4f46e60: the drain pushes the stub
 * only while its node is still the tail (F4, docs/Verification.md: the
 * code's unconditional push can push the stub while it is in the queue,
 * making it link to itself; mutation M98 is the code as it was).
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 */

#ifndef NEV
#define NEV 4           /* events sent */
#endif
#ifndef NBLK
#define NBLK 1          /* plain blocks scheduled */
#endif
#ifndef NEXEC
#define NEXEC 1         /* threads running drains (1: Dispatch's serial queue) */
#endif
#ifndef BACKLOG
#define BACKLOG 2       /* RACDeliveryQueue.backlogLimit (1 024 in Swift) */
#endif
#ifndef RESUME
#define RESUME (BACKLOG / 2)    /* RACDeliveryQueue.resumeAt */
#endif
#ifndef SETTLE
#define SETTLE 1        /* RACDeliveryQueue.settleBatch (backlogLimit / 4) */
#endif
#ifndef DTERM
#define DTERM 2         /* RACSchedulerQueue.drainTerm (256; 2 in the controlled build) */
#endif
#ifndef CAP
#define CAP 2           /* RACDeliveryChunk.capacity */
#endif
#ifndef NCHUNK
#define NCHUNK 4        /* chunks the queue may make: allocChunk asserts it makes no more (the
                           bound: the chunks BACKLOG + 1 events span, plus the two the drain
                           has used up and not yet handed back; 4 at BACKLOG 2, CAP 2) */
#endif
#ifndef MAXSTALLS
#define MAXSTALLS 1
#endif

#define NIL 255

#ifndef PROBE
#define PROBE 0
#endif
#define probe(k) assert(PROBE != k)

#ifdef END
#define isEnd(e) ((e) == NEV)
#else
#define isEnd(e) false
#endif

/* The nodes. */
#define STUB 1
#define BLK0 2
#define RUN0 (BLK0 + NBLK)
#define NNODES (RUN0 + NCHUNK * CAP)
#define runNode(c, i) (RUN0 + (c) * CAP + (i))
#define isBlock(n) ((n) >= BLK0 && (n) < RUN0)
#define CLOSED 128      /* RACDeliveryQueue.closed, in a run's count */

/* Who pushes (for the ghosts of RAC's order). */
#define BY_SENDER 0
#define BY_PUSHER 1
#define BY_DRAIN  2

/* RACHandOverState (SerializerLimits.swift): the gate's waiter word */
#define NONE     0
#define WAITING  1
#define SLEEPING 2
#define APPLIED  3

/* ---- The scheduler queue (RACSchedulerQueue) ---- */
byte qtail;             /* tail: the last node pushed, 0 while idle */
byte cursor;            /* where the next drain starts */
byte link[NNODES];      /* node[0]: the node pushed after it */
byte cnt[NNODES];       /* a run's node[2]: events counted into it, | CLOSED */
byte tkn[NNODES];       /* a run's node[3]: delivered, kept when a term ends inside it */
bit  pendingRun;        /* a submitted drain not yet started (the source's pending data) */
bit  drainWaits;        /* the queue's marks: RACDeliveryQueueMarks.drainWaits */

/* ---- deliverOn's queue (RACDeliveryQueue) ---- */
byte count;             /* gate.count: events counted in, not yet out */
byte waiter;            /* gate.waiter */
bit  asleep;            /* the kernel's side of racs_word_wait on `waiter` */
byte progress;          /* progress: events the drain delivered (or dropped) */
byte spare = NIL;       /* spare: the chunks handed back, a list through sparenext */

/* The chunks (RACDeliveryChunk): slots hold event ids, 0 when empty. */
#define FREE    0
#define LIST    1       /* linked in the queue (oldest to ctail) */
#define SPARE   2       /* in the spare list */
#define RESERVE 3       /* in the sender's reserve */
byte slot[NCHUNK * CAP];
byte nextc[NCHUNK];     /* chunk.next */
byte sparenext[NCHUNK]; /* chunk.spare */
byte cstate[NCHUNK];    /* ghost: what holds the chunk */

/* The sender's side, and the drain's. */
byte ctail, ctailIndex, openRun, reserve = NIL;
byte oldest, head, headIndex;

/* The subscription: the sink's end flag, the scheduled target. */
bit  sinkEnded;
bit  targetGone;

/* ---- Ghosts: what the properties are stated over; no protocol step reads them ---- */
bit  pushed[NNODES];    /* in the queue: from its push's exchange to its retire */
bit  owed[NNODES];      /* a push has exchanged past it and not yet written its link */
bit  inDrain;           /* a drain is between its start and its end (the CAS to idle, or its resubmission) */
byte handlers;          /* executors inside a submitted drain's block */
byte refs;              /* submitDrain's passRetained, not yet released */
byte blkOf[NNODES];     /* the block (1..NBLK) a block node holds */
byte needEv[NBLK + 1];  /* per block: events queued before its push began */
byte needBlk[NEV + 1];  /* per event: blocks whose push returned before its send began */
byte evQueued;          /* events whose send has queued them (joined, or pushed) */
byte blkPushed;         /* blocks whose push returned */
byte blocksRun;
byte consumed;          /* events moved out of the slots */
byte lastDelivered;
bit  disposeReturned;
byte gaveUp;
byte markSkips;
bit  stalled;
byte stalls;
bit  marked;
bit  senderDone, pusherDone, disposerDone;

/* ---- The scheduler queue ---- */

/* RACScheduler.submitDrain(of:) (RACQueueScheduler: passRetained, the
   source's add(data:)). One run per signal: no signal while one is
   pending. */
inline submitDrain(who) {
    atomic {
        assert(!pendingRun); pendingRun = 1; refs++;
        if :: who == BY_SENDER -> evQueued++ :: who == BY_PUSHER -> blkPushed++ :: else fi
    }
}

/* RACSchedulerQueue.push(_:): node[0] = 0 (plain, published by the
   exchange), the exchange of tail (acq_rel), then cursor and submitDrain
   if it got 0, else the link of the node it got (release). */
inline push(n, prev, who) {
    atomic {
        assert(!pushed[n] && !owed[n]);                 /* not in the queue: its owner may write it */
        link[n] = 0;
        prev = qtail; qtail = n; pushed[n] = 1;          /* M93 */
        if :: prev != 0 -> assert(pushed[prev] && !owed[prev]); owed[prev] = 1 :: else fi
    }
    if
    :: prev == 0 ->
       assert(who != BY_DRAIN);
       atomic { assert(!inDrain); cursor = n; if :: handlers > 0 -> probe(7) :: else fi }   /* a new burst while the last drain's block still runs */
       submitDrain(who)
    :: else ->
       atomic {                                         /* node(previous).store(node, .release) */
           assert(owed[prev] && pushed[prev]);          /* the node it got is still in the queue */
           link[prev] = n; owed[prev] = 0;              /* M94 */
           if :: who == BY_SENDER -> evQueued++ :: who == BY_PUSHER -> blkPushed++ :: else fi
       }
    fi;
    prev = 0
}

/* ---- The gate (RACBacklogGate) ---- */

/* enter(): fetch-add 1 (acq_rel); the count before it. The bound: BACKLOG
   events and the one a waiting sender queued, plus one per wait that gave
   up or was skipped at the drain's mark. */
inline countIn(before) {
    atomic {
        needBlk[e] = blkPushed;                         /* ghost: the send begins */
        before = count; count++;
        assert(count <= BACKLOG + 1 + gaveUp + markSkips)
    }
}

/* racSpinForTurn(on:) then racAwaitTurn's sleeping loop, on the gate's
   waiter word, watching `progress`, mustComplete false. The spin is a
   guess that may or may not see the turn, so a wait without it (`spins`
   false: values(.bounded)'s sender) is one of the runs explored. Time is abstract: a
   racs_word_wait that times out stands for a whole patience without a
   wake-up, which the model allows only while a delivery lasts that long
   (`stalled`): a sender left asleep by a lost wake-up sleeps for ever. */
inline awaitTurnSleeping() {
    if
    :: waiter == APPLIED -> r = APPLIED
    :: true -> r = NONE
    fi;
    if
    :: r != APPLIED ->
       /* compare-exchange waiting -> sleeping (acquire), the first look at progress */
       atomic {
           r = waiter;
           if :: r == WAITING -> waiter = SLEEPING; r = SLEEPING :: else fi;
           watched = progress
       }
       elapsed = 0;
       do
       :: r == APPLIED -> break
       :: else ->
          if
          :: !elapsed ->
             /* racs_word_wait(waiter, sleeping, patience - elapsed) */
             atomic { if :: waiter == SLEEPING -> asleep = 1 :: else fi }
             if
             :: asleep == 0 -> skip                            /* woken, or never asleep */
             :: atomic { asleep && stalled -> asleep = 0; elapsed = 1 }   /* timed out */
             fi
          :: else ->
             if
             :: progress != watched -> d_step { watched = progress; elapsed = 0 }   /* slow, not stuck */
             :: else ->
                /* stuck: compare-exchange sleeping -> none, warn, go on */
                atomic {
                    r = waiter;
                    if :: r == SLEEPING -> waiter = NONE; r = NONE; gaveUp++; probe(9) :: else fi
                }
                if :: r == NONE -> break :: else fi
             fi
          fi;
          r = waiter                                          /* state.load(.acquire) */
       od
    :: else
    fi;
    assert(!asleep)
}

/* RACDeliveryQueue.awaitRoom() → RACBacklogGate.awaitTurn(resumeAt:...):
   with MARKS the sender holds something: RACWaitMarks.mark(), then the
   seq_cst look at the drain's mark; then the store of `waiting` (seq_cst)
   and the re-check of the count (seq_cst), before the wait; after a turn,
   the same again (F3). */
inline awaitRoom() {
#ifdef MARKS
    if
    :: drainWaits -> markSkips++; probe(13)
    :: else ->
#endif
       do
       :: waiter = WAITING;
          if
          :: count <= RESUME -> probe(12); break           /* M62 */
          :: else ->
             awaitTurnSleeping();
             if
             :: r == APPLIED -> skip                       /* M65 */
             :: else -> break                              /* gave up */
             fi
          fi
       od;
       skip
#ifdef MARKS
    fi
#endif
}

/* RACBacklogGate.leave(_:resumeAt:): fetch-sub (seq_cst), then
   letWaiterGo at or below resumeAt: a load (seq_cst), then, if the sender
   waits, the exchange to applied (acq_rel) and, if it was asleep, the wake. */
inline leave(n) {
    atomic { count = count - n; after = count }
    if
    :: after <= RESUME ->
       seenW = waiter;
       if
       :: seenW == WAITING || seenW == SLEEPING ->
          atomic { seenW = waiter; waiter = APPLIED };
          if
          :: seenW == SLEEPING -> asleep = 0; probe(8)     /* racs_word_wake  M61 */
          :: else
          fi
       :: else
       fi;
       seenW = NONE
    :: else
    fi;
    after = 0
}

/* ---- The sender ---- */

/* RACDeliveryChunk() : a fresh chunk; no more than NCHUNK are ever made
   (M99: a run joined across chunks keeps them all, and needs more). */
inline allocChunk(c) {
    d_step {
        c = 0;
        do
        :: c < NCHUNK && cstate[c] != FREE -> c++
        :: else -> break
        od;
        assert(c < NCHUNK);
        cstate[c] = LIST
    }
}

/* growTail(): the open run ends with its chunk; then the reserve, else
   the spare list (exchange with 0, acquire), else a new chunk; linked
   after the tail. */
inline growTail() {
    openRun = 0;                                                        /* M99 */
    if
    :: reserve == NIL ->
       atomic {
           reserve = spare; spare = NIL;
           c = reserve;
           do :: c != NIL -> assert(cstate[c] == SPARE); cstate[c] = RESERVE; c = sparenext[c] :: else -> break od
       }
       if :: reserve != NIL -> probe(10) :: else fi
    :: else
    fi;
    if
    :: reserve == NIL -> allocChunk(c)
    :: else ->
       d_step {
           c = reserve; reserve = sparenext[c]; sparenext[c] = NIL;
           /* emptied and unlinked by the drain before it handed it back */
           assert(nextc[c] == NIL);
           i = 0; do :: i < CAP -> assert(slot[c * CAP + i] == 0); i++ :: else -> break od; i = 0;
           cstate[c] = LIST
       }
    fi;
    d_step { nextc[ctail] = c; ctail = c; ctailIndex = 0; c = NIL }
}

proctype sender() {
    byte e = 1, c = NIL, i, before, r, watched, node, t, prev;
    bit elapsed, joined;
    do
    :: e <= NEV ->
       /* RACDeliveryQueue.send(_:) */
       countIn(before);                                     /* gate.enter() */
       if :: ctailIndex == CAP -> growTail() :: else fi;
       /* (tail.slots + tailIndex).initialize(to:), tail.node(tailIndex), tailIndex += 1 */
       d_step {
           assert(cstate[ctail] == LIST && slot[ctail * CAP + ctailIndex] == 0);
           slot[ctail * CAP + ctailIndex] = e; node = runNode(ctail, ctailIndex); ctailIndex++   /* M60 */
       }
       /* join(openRun, of: work) */
       if
       :: openRun != 0 ->
          t = qtail;                                        /* tail.load(.relaxed)  M90 */
          if
          :: t == openRun ->
             atomic {                                       /* compare-exchange count -> count + 1 unless closed */
                 if
                 :: (cnt[openRun] & CLOSED) == 0 ->
                    assert(pushed[openRun]);
                    cnt[openRun]++; joined = 1; evQueued++; probe(1)
                 :: else
                 fi
             }
          :: else -> probe(14)                              /* something was pushed after the run */
          fi
       :: else
       fi;
       if
       :: !joined ->
          /* startRun(at:on:): node[2] = 1, node[3] = 0 (plain), openRun, push */
          d_step { assert(!pushed[node] && !owed[node]); cnt[node] = 1; tkn[node] = 0; openRun = node }
          push(node, prev, BY_SENDER)
       :: else
       fi;
       skip;                                                /* M60b */
       if :: before >= BACKLOG -> awaitRoom() :: else fi;
       d_step { e++; before = 0; r = 0; watched = 0; elapsed = 0; node = 0; t = 0; joined = 0 }
    :: else -> break
    od;
    senderDone = 1
}

/* ---- The thread scheduling plain blocks ---- */

/* RACQueueScheduler.schedule(_:): RACScheduledBlock (its node: the lowest
   free memory, as malloc reuses a freed block's), passRetained, push. */
proctype pusher() {
    byte b = 1, n, prev;
    do
    :: b <= NBLK ->
       d_step {
           n = BLK0;
           do :: n < RUN0 && (pushed[n] || owed[n]) -> n++ :: else -> break od;
           assert(n < RUN0);
           if :: b > 1 && n == BLK0 -> probe(15) :: else fi  /* a retired block's memory reused */
           blkOf[n] = b; needEv[b] = evQueued
       }
       push(n, prev, BY_PUSHER);
       d_step { b++; n = 0 }
    :: else -> break
    od;
    pusherDone = 1
}

/* ---- The drain ---- */

/* The delivery of one event: RACSubscriptionSink.sendNext / sendCompleted,
   which deliver only while the sink's own flag is clear (an acquire load;
   markEnded for the end), to the sink the run read at its start. */
inline deliver(ev) {
    atomic {
        if
        :: sinkL && !sinkEnded ->                           /* M63 */
           assert(!disposeReturned);
           assert(ev == lastDelivered + 1);
           lastDelivered = ev;
           if :: isEnd(ev) -> sinkEnded = 1 :: else fi      /* terminate(): markEnded */
        :: else -> probe(11)                                /* dropped: the subscription ended */
        fi
    }
    if
    :: isEnd(ev) && lastDelivered == ev -> targetGone = 1   /* disposeSubscription(): the target let go of */
    :: else
    fi;
#ifdef STALLS
    if
    :: stalls < MAXSTALLS -> stalls++; stalled = 1; stalled = 0
    :: true
    fi;
#endif
#ifdef MARKS
    if
    :: !marked -> marked = 1; drainWaits = 1; drainWaits = 0
    :: true
    fi;
#endif
    skip
}

/* deliverOldest(to:): the next chunk at a used-up one (its link written
   before this event was counted), the slot moved out, progress stored. */
inline deliverOldest() {
    d_step {
        assert(inDrain);
        if :: headIndex == CAP -> assert(nextc[head] != NIL); head = nextc[head]; headIndex = 0 :: else fi;
        ev = slot[head * CAP + headIndex];
        assert(ev != 0 && ev == consumed + 1);              /* published, each once, in order */
        assert(blocksRun >= needBlk[ev]); needBlk[ev] = 0;  /* after the blocks pushed before its send */
        slot[head * CAP + headIndex] = 0; consumed++;
        headIndex++
    }
    deliver(ev)
}

/* RACDeliveryQueue.run(_:term:): delivers while taken < count (acquire),
   counting out in settleBatch, stops with node[3] = taken when the term
   runs out; caught up, lingers while the run is the tail (a few relaxed
   reads of its count: here one, at any time), then closes it with a
   compare-and-swap that fails if an event joined; the deferred leave. */
inline runRun() {
    d_step {
        taken = tkn[node];                                  /* M95 */
        assert((cnt[node] & CLOSED) == 0);                  /* a run is run to its close once */
        sinkL = !targetGone;                                /* target.current, held */
        unsettled = 0
    }
    do
    :: sent = cnt[node];                                    /* count.load(.acquire) */
       do
       :: taken < sent && term == 0 ->
          tkn[node] = taken; ran = 0; probe(3); break       /* the term ran out inside the run */
       :: taken < sent && term > 0 ->
          deliverOldest();
          d_step { progress++; ev = 0; taken++; term--; unsettled++ }   /* progress.store(delivered), relaxed */
          if :: unsettled == SETTLE -> leave(unsettled); unsettled = 0 :: else fi
       :: else -> ran = 1; break
       od;
       if
       :: !ran -> break
       :: else
       fi;
       /* caught up: while the run is the tail (work.tail.load(.relaxed)),
          linger(on: count, awayFrom: sent); then close it */
       if
       :: qtail == node && cnt[node] != sent -> ran = 0     /* the linger saw a join: deliver it */
       :: true ->
          atomic {                                          /* compare-exchange sent -> sent | closed */
              if
              :: cnt[node] == sent -> cnt[node] = sent | CLOSED     /* M64 */
              :: else -> ran = 0; probe(2)                  /* an event joined: the close fails */
              fi
          }
          if :: ran -> break :: else fi
       fi
    od;
    skip;
    if :: unsettled > 0 -> leave(unsettled) :: else fi;     /* defer: gate.leave(unsettled) */
    d_step { sinkL = 0; taken = 0; sent = 0; unsettled = 0 }
}

/* retireRun(): handBackUsedChunks() (each chunk before head's: unlinked,
   pushed onto the spare list with a compare-and-swap, release), then the
   release of the run's reference. */
inline handBackUsedChunks() {
    do
    :: oldest != head ->
       d_step {
           assert(inDrain);
           used = oldest; oldest = nextc[used]; nextc[used] = NIL;     /* M67 */
           i = 0;
           do
           :: i < CAP ->
              assert(slot[used * CAP + i] == 0);            /* every event delivered */
              assert(!pushed[runNode(used, i)] && !owed[runNode(used, i)]);   /* every run node retired */
              i++
           :: else -> break
           od;
           i = 0
       }
       atomic { sparenext[used] = spare; spare = used; cstate[used] = SPARE }
       used = 0
    :: else -> break
    od;
    skip        /* where the loop's break lands (never the inside of a d_step) */
}

/* The owner's retire: the queue no longer touches the node (it read the
   node's link, or the queue went idle past it). A block's frees its node
   (the reference its push held was the last); a run's hands chunks back. */
inline retire(n) {
    /* (a retired node's link, node[3] and count are dead but for the closed
       bit, which a stale join reads: cleared, so that states that differ
       only in them are one) */
    atomic {
        assert(qtail != n && !owed[n]); pushed[n] = 0; link[n] = 0;
        if :: n >= RUN0 -> assert(cnt[n] & CLOSED); cnt[n] = CLOSED; tkn[n] = 0 :: else fi
    }
    if :: n >= RUN0 -> handBackUsedChunks() :: else fi
}

/* resubmit(at:): cursor, then submitDrain; nothing of the queue is touched
   after. */
inline resubmit() {
    cursor = node;
    atomic { assert(!pendingRun); pendingRun = 1; refs++; inDrain = 0 }   /* M66 */
}

/* awaitLink(of:): loads until the link is written (backOff between). */
inline awaitLink() {
    next = link[node];
    if
    :: next == 0 -> probe(6); atomic { link[node] != 0 -> next = link[node] }
    :: else
    fi
}

/* The block the scheduler submitted: RACSchedulerQueue.drain() (with the
   scheduler current), then the release of the submission's reference. */
proctype executor() {
    byte node, next, term, taken, sent, unsettled, ev, after, seenW, used, i;
    bit ran, sinkL, idle;
end_idle:
    do
    :: atomic {
           pendingRun -> pendingRun = 0; handlers++;
           assert(!inDrain); inDrain = 1; node = cursor;    /* no two drains at once */
           if :: handlers > 1 -> probe(17) :: else fi       /* (NEXEC 2) the last drain's block still runs */
       }
       term = DTERM;
       do
       :: true ->
          /* owner.run(node, &term) */
          assert(pushed[node] && inDrain);
          if
          :: node == STUB -> ran = 1                        /* RACQueueStub: runs as nothing */
          :: isBlock(node) ->                               /* RACScheduledBlock: term -= 1, the block */
             d_step {
                 term--; ran = 1;
                 assert(blkOf[node] == blocksRun + 1);      /* each block once, in push order */
                 assert(consumed >= needEv[blkOf[node]]);   /* after the events queued before its push */
                 blocksRun++; needEv[blkOf[node]] = 0; blkOf[node] = 0
             }
          :: node >= RUN0 -> runRun()
          fi;
          if :: !ran -> resubmit(); break :: else fi;       /* the term ran out inside the node */
          next = link[node];                                /* node[0].load(.acquire)  M91 */
          if
          :: next == 0 && node == STUB ->
             /* caught up, every real node retired: end the burst, unless a push got here first */
             atomic {                                       /* tail.compareExchange(stub, 0) */
                 if
                 :: qtail == STUB -> qtail = 0; pushed[STUB] = 0; inDrain = 0; idle = 1    /* M92 */
                 :: else -> probe(5)                        /* a push exchanged past the stub */
                 fi
             }
             if :: idle -> break :: else fi;
             awaitLink()
          :: next == 0 && node != STUB ->
             next = link[node];                             /* linger(on: node[0]), then the load */
             if
             :: next == 0 ->
                /* F4 (docs/Verification.md): the stub only while the node is the
                   tail (tail.load(.relaxed) == node); else a push is linking
                   it, and the stub may be in the queue already. Sources as of
                   4f46e60 push it unconditionally: mutation M98, caught. */
                if
                :: qtail == node -> probe(4); push(STUB, i, BY_DRAIN)     /* M98 */
                :: else
                fi;
                awaitLink()
             :: else
             fi
          :: else
          fi;
          retire(node);                                     /* last: lets go of the push's reference  M91b */
          d_step { node = next; next = 0 }
          if :: term == 0 -> probe(16); resubmit(); break :: else fi
       od;
       skip;
       d_step {                                             /* the handler's release */
           refs--; handlers--;
           node = 0; next = 0; term = 0; ran = 0; idle = 0; i = 0
       }
    od
}

/* The subscription's dispose(): the sink's markEnded (fetch-or), then the
   scheduled target's holder, let go of. */
proctype disposer() {
    sinkEnded = 1;
    targetGone = 1;
    disposeReturned = 1;
    disposerDone = 1
}

init {
    byte c;
    atomic {
        cstate[0] = LIST; oldest = 0; head = 0; ctail = 0;
        c = 0; do :: c < NCHUNK -> nextc[c] = NIL; sparenext[c] = NIL; c++ :: else -> break od;
        run sender();
#if NBLK > 0
        run pusher();
#else
        pusherDone = 1;
#endif
        c = 0; do :: c < NEXEC -> run executor(); c++ :: else -> break od;
#ifdef DISPOSE
        run disposer();
#else
        disposerDone = 1;
#endif
    }
    /* the sender and the pusher returned; no drain submitted or running */
    (senderDone && pusherDone && disposerDone && !pendingRun && handlers == 0);
    d_step {
        /* the queue idle, every node run and retired, nothing queued or owed */
        assert(qtail == 0 && !inDrain && refs == 0);
        assert(count == 0 && consumed == NEV && blocksRun == NBLK);
#ifndef DISPOSE
        assert(lastDelivered == NEV);
#endif
        assert(!asleep);
        c = 0; do :: c < NNODES -> assert(!pushed[c] && !owed[c]); c++ :: else -> break od;
        /* no chunk leaked: the list from oldest to the tail, the spare list, the reserve */
        assert(head == ctail && headIndex == ctailIndex);
        c = 0;
        do
        :: c < NCHUNK -> assert(cstate[c] == FREE || cstate[c] == LIST || cstate[c] == SPARE || cstate[c] == RESERVE); c++
        :: else -> break
        od
    }
}
