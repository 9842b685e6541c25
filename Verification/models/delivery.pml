/*
 * deliverOn's queue (RACDeliveryQueue), as Sources/RACSwift implements it:
 * Schedulers/RACDeliveryQueue.swift (send, growTail, startDrain, submit,
 * awaitRoom, runSubmitted, drain, advance), Schedulers/RACDeliveryChunk.swift
 * (the chunks and their slots), Atomics/BacklogGate.swift (enter, leave,
 * awaitTurn, letWaiterGo), the shared wait racAwaitTurn and racSpinForTurn
 * (Atomics/Serializer+Waiting.swift), the drain's scheduling on a queue
 * scheduler (RACQueueScheduler.makeBurstSource, signal: a Dispatch source,
 * one handler run for the signals before it starts), the sink's own end flag
 * (RACSubscriptionSink.sendNext, markEnded) and the subscription's disposal
 * (RACScheduledTarget: the target read once per drain, gone after it).
 *
 * Every step is commented with the Swift function it stands for
 * (docs/Verification.md has the table). Each atomic operation of the Swift
 * code is one step here; the sender's and the drain's own fields (tail,
 * tailIndex; head, headIndex and the drain's locals) are plain variables
 * that only their side touches.
 *
 * Processes:
 *   sender     sends NEV events (the last one `completed` with -DEND), one at
 *              a time: the queue's contract (one sender at a time, the
 *              sink's source delivering one event at a time, point 1). Which
 *              thread sends matters only for `mayWait`, which the
 *              configuration fixes (a queue scheduler's queue, the sender
 *              neither its drain nor on it; with -DMARKS it holds something
 *              and looks at the drain's mark).
 *   scheduler  the target queue's thread: runs the Dispatch source's handler
 *              (runSubmitted → drain) once per pending signal, serially.
 *   disposer   with -DDISPOSE: the subscription's dispose(), at any time.
 * Configurations: -DSTALLS (a delivery may last longer than a patience, at
 * most MAXSTALLS times: the sender may then give up), -DMARKS (a delivery may
 * be in a long wait, drainWaits marked, and the sender holds something).
 *
 * Properties: every event taken out of the queue exactly once, in the order
 * sent; without a disposal every event delivered exactly once, in order;
 * nothing delivered after dispose() returned or after the end event; the
 * queue's length within the bound (BACKLOG + 1, plus one per give-up or
 * skip at a mark); one handler run per signal (no signal while one is
 * pending: the submitted drain's reference is let go of exactly once); a
 * chunk written only while it is the tail, taken as the spare only emptied,
 * none leaked; no lost wake-up: a waiting sender sleeps past a patience only
 * while the drain is stalled, so a missing wake-up leaves it asleep for
 * ever, an invalid end state; no event left queued with no drain pending or
 * running (the end state's assertions).
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 */

#ifndef NEV
#define NEV 5           /* events sent */
#endif
#ifndef BACKLOG
#define BACKLOG 2       /* RACSerializerLimits.backlogLimit (64 in Swift) */
#endif
#ifndef RESUME
#define RESUME (BACKLOG / 2)    /* RACDeliveryQueue.resumeAt */
#endif
#ifndef BATCH
#define BATCH 1         /* RACDeliveryQueue.batchLength (32): a divisor of DTERM and RESUME */
#endif
#ifndef DTERM
#define DTERM 2         /* RACDeliveryQueue.drainTerm (256) */
#endif
#ifndef CAP
#define CAP 2           /* RACDeliveryChunk.capacity (2 × backlogLimit) */
#endif
#ifndef NCHUNK
#define NCHUNK 4        /* chunks the model can allocate (an assertion says if too few) */
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

/* RACHandOverState (SerializerLimits.swift): the gate's waiter word */
#define NONE     0
#define WAITING  1
#define SLEEPING 2
#define APPLIED  3

/* The gate (BacklogGate.swift) and the queue's words. */
byte count;             /* gate.count: events counted in, not yet out (0: no drain running or scheduled) */
byte waiter;            /* gate.waiter */
bit  asleep;            /* the kernel's side of racs_word_wait on `waiter`: the sender asleep there */
byte progress;          /* RACDeliveryQueue.progress: events the drain delivered (or dropped) */
byte spare = NIL;       /* RACDeliveryQueue.spare: an emptied chunk, or 0 (NIL) */
bit  drainWaits;        /* RACDeliveryQueue.marks: RACDeliveryQueueMarks.drainWaits */
bit  pendingRun;        /* the Dispatch source's pending data: a handler run is due */

/* The chunks (RACDeliveryChunk): slots hold event ids, 0 when empty. */
#define FREE  0
#define LIST  1         /* linked in the queue (head to tail) */
#define SPARE 2         /* in the spare word */
#define TAKEN 3         /* out of the spare word, released by the drain */
byte slot[NCHUNK * CAP];
byte nextc[NCHUNK];
byte cstate[NCHUNK];    /* ghost: what holds the chunk */

/* The sender's side (tail, tailIndex) and the drain's (head, headIndex). */
byte tail, tailIndex;
byte head, headIndex;

/* The subscription: the sink's end flag (RACSinkState.disposed) and the
   scheduled target (target.current becomes nil when the subscription ends). */
bit  sinkEnded;
bit  targetGone;

/* Ghosts: what the properties are stated over; no protocol step reads them. */
bit  running;           /* the scheduler runs the handler */
byte refs;              /* submit()'s passRetained, not yet released */
byte consumed;          /* events moved out of the queue */
byte lastDelivered;     /* the last event delivered to the subscriber */
bit  disposeReturned;
byte gaveUp;            /* waits that gave up */
byte markSkips;         /* waits skipped at the drain's mark */
bit  stalled;           /* the drain is in a delivery lasting over a patience */
byte stalls;
bit  marked;            /* the drain's long wait happened (once) */
bit  senderDone, disposerDone;

/* ---- The sender's side ---- */

/* RACDeliveryChunk() : a fresh chunk (the model's pool must not run out). */
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

/* RACDeliveryQueue.growTail(): takes the spare (exchange with 0, acquire) or
   a new chunk, links it after the tail, moves the tail there. */
inline growTail() {
    atomic {
        c = spare; spare = NIL;
        if
        :: c != NIL ->
           assert(cstate[c] == SPARE); cstate[c] = LIST; probe(4)
        :: else
        fi
    }
    if
    :: c == NIL -> allocChunk(c)
    :: else ->
       /* emptied and unlinked by the drain before it offered it */
       d_step { i = 0; do :: i < CAP -> assert(slot[c * CAP + i] == 0); i++ :: else -> break od; i = 0 };
       assert(nextc[c] == NIL)
    fi;
    nextc[tail] = c;            /* tail.next = chunk: read by the drain after it counts the event put there */
    d_step { tail = c; tailIndex = 0; c = NIL }
}

/* send(_:)'s slot write: (tail.slots + tailIndex).initialize(to:), then
   tailIndex += 1. */
inline writeSlot(e) {
    assert(cstate[tail] == LIST && slot[tail * CAP + tailIndex] == 0);
    slot[tail * CAP + tailIndex] = e;
    tailIndex++
}

/* RACBacklogGate.enter(): fetch-add 1 (acq_rel); the count before it. The
   queue's bound: BACKLOG events and the one a waiting sender queued, plus
   one per wait that gave up or was skipped at the drain's mark. */
inline countIn(before) {
    atomic {
        before = count; count++;
        assert(count <= BACKLOG + 1 + gaveUp + markSkips)
    }
}

/* RACQueueScheduler.signal(burst), from RACDeliveryQueue.submit() (a
   burst's start: the submitted drain's own reference, passRetained) or from
   runSubmitted() at the end of a term (the reference carried over). One run
   per signal: a signal comes only when none is pending. */
inline signalBurst(fromSender) {
    atomic {
        assert(!pendingRun);
        pendingRun = 1;
        if
        :: fromSender -> refs++;        /* submit(): passRetained */
           if :: running -> probe(1) :: else fi   /* the last run still in its handler */
        :: else                         /* runSubmitted(): the reference carried over */
        fi
    }
}

/* racSpinForTurn(on:) then racAwaitTurn's sleeping loop (Serializer+Waiting.swift),
   on the gate's waiter word, watching `progress`, mustComplete false. Time
   is abstract: a racs_word_wait that times out stands for a whole patience
   without a wake-up, which the model allows only while the drain is in a
   delivery that lasts that long (`stalled`): a sender left asleep by a lost
   wake-up then sleeps for ever. */
inline awaitTurnSleeping() {
    /* racSpinForTurn: loads (acquire) until applied, or runs out */
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
             /* racs_word_wait(waiter, sleeping, patience - elapsed): returns
                at once if the word changed, else sleeps until a wake */
             atomic { if :: waiter == SLEEPING -> asleep = 1 :: else fi }
             if
             :: asleep == 0 -> skip                            /* woken, or never asleep */
             :: atomic { asleep && stalled -> asleep = 0; elapsed = 1 }   /* timed out */
             fi
          :: else ->
             if
             :: progress != watched -> d_step { watched = progress; elapsed = 0 }   /* slow, not stuck */
             :: else ->
                /* stuck: compare-exchange sleeping -> none (acquire), warn, go on */
                atomic {
                    r = waiter;
                    if :: r == SLEEPING -> waiter = NONE; r = NONE; gaveUp++; probe(3) :: else fi
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
   seq_cst look at the drain's mark (one step: the sender's own marks are not
   modeled); then the store of `waiting` (seq_cst) and the re-check of the
   count (seq_cst), before the wait. A turn given by a letWaiterGo that saw
   the count at RESUME before this sender counted more in (its load of the
   waiter word comes after its decrement) is not room: the sender looks at
   the count again and waits on (F3). */
inline awaitRoom() {
#ifdef MARKS
    if
    :: drainWaits -> markSkips++; probe(8)
    :: else ->
#endif
       do
       :: waiter = WAITING;
          if
          :: count <= RESUME -> probe(7); break            /* M62 */
          :: else ->
             awaitTurnSleeping();
             if
             :: r == APPLIED -> skip                       /* M65 */
             :: else -> break                              /* gave up */
             fi
          fi
       od;
       skip     /* where the loop's breaks land */
#ifdef MARKS
    fi
#endif
}

proctype sender() {
    byte e = 1, c = NIL, i, before, r, watched;
    bit elapsed;
    do
    :: e <= NEV ->
       /* RACDeliveryQueue.send(_:) */
       if :: tailIndex == CAP -> growTail() :: else fi;
       writeSlot(e); countIn(before);                       /* M60 */
       if
       :: before == 0 -> signalBurst(true)                      /* startDrain() → submit() */
       :: before >= BACKLOG -> awaitRoom()
       :: else
       fi;
       d_step { e++; before = 0; r = 0; watched = 0; elapsed = 0 }
    :: else -> break
    od;
    senderDone = 1
}

/* ---- The drain's side ---- */

/* RACBacklogGate.letWaiterGo(): a load (seq_cst), then, if the sender waits,
   the exchange to applied (acq_rel) and, if it was asleep, the wake. */
inline letWaiterGo() {
    seenW = waiter;
    if
    :: seenW == WAITING || seenW == SLEEPING ->
       atomic { seenW = waiter; waiter = APPLIED };
       if
       :: seenW == SLEEPING -> asleep = 0; probe(2)         /* racs_word_wake  M61 */
       :: else
       fi
    :: else
    fi;
    seenW = NONE
}

/* RACDeliveryQueue.advance(from:): the next chunk (linked before the event
   about to be read was counted), the emptied one unlinked and offered as the
   spare (exchange, acq_rel), the previous spare released. */
inline advance() {
    d_step {
        i = 0; do :: i < CAP -> assert(slot[chunk * CAP + i] == 0); i++ :: else -> break od; i = 0;
        assert(nextc[chunk] != NIL);
        prev = chunk; chunk = nextc[chunk]; nextc[prev] = NIL     /* M67 */
    }
    atomic { tmp = spare; spare = prev; cstate[prev] = SPARE; if :: tmp != NIL -> cstate[tmp] = TAKEN :: else fi }
    if :: tmp != NIL -> cstate[tmp] = FREE :: else fi;       /* Unmanaged.release() of the previous spare */
    d_step { tmp = NIL; prev = NIL; index = 0 }
}

/* The delivery of one event: RACSubscriptionSink.sendNext / sendCompleted,
   which deliver only while the sink's own flag is clear (an acquire load;
   markEnded for the end), to the sink the drain read at its start. */
inline deliver(ev) {
    atomic {
        if
        :: sinkL && !sinkEnded ->                           /* M63 */
           assert(!disposeReturned);
           assert(ev == lastDelivered + 1);
           lastDelivered = ev;
           if :: isEnd(ev) -> sinkEnded = 1 :: else fi      /* terminate(): markEnded */
        :: else -> probe(6)                                 /* dropped: the subscription ended */
        fi
    }
    if
    :: isEnd(ev) && lastDelivered == ev -> targetGone = 1   /* disposeSubscription(): the target let go of */
    :: else
    fi;
#ifdef STALLS
    /* the subscriber's block lasts over a patience (a block that blocks) */
    if
    :: stalls < MAXSTALLS -> stalls++; stalled = 1; stalled = 0
    :: true
    fi;
#endif
#ifdef MARKS
    /* the subscriber's block in a long wait elsewhere: the drain's thread
       marks the queue it drains (RACWaitMarks.mark, racs_mark_draining_queues) */
    if
    :: !marked -> marked = 1; drainWaits = 1; drainWaits = 0
    :: true
    fi;
#endif
    skip
}

/* RACDeliveryQueue.drain(): delivers, batch by batch, counting each batch
   out (RACBacklogGate.leave: fetch-sub, seq_cst, then letWaiterGo at or
   below RESUME); ends when the count is 0 (ended) or after a term (not
   ended: the caller signals again). linger() only delays: not modeled. */
inline drain(ended) {
    d_step { sinkL = !targetGone; chunk = head; index = headIndex }   /* target.current; the cursor */
    available = count;                                     /* count.load(.acquire) */
    assert(available > 0);
    delivered = 0;
    do
    :: true ->
       batch = (available < BATCH -> available : BATCH);
       k = 0;
       do
       :: k < batch ->
          if :: index == CAP -> advance() :: else fi;
          d_step {                                        /* (chunk.slots + index).move() */
              ev = slot[chunk * CAP + index];
              assert(ev != 0 && ev == consumed + 1);      /* published, each once, in order */
              slot[chunk * CAP + index] = 0; consumed++;
              index++
          }
          deliver(ev);
          progress++;                                      /* progress.store(made), relaxed */
          d_step { k++; ev = 0 }
       :: else -> break
       od;
       delivered = delivered + batch;
       d_step { head = chunk; headIndex = index }          /* the cursor, before the decrement */
       atomic { count = count - batch; available = count }  /* gate.leave: fetch-sub */
       if :: available <= RESUME -> letWaiterGo() :: else fi;
       if
       :: available == 0 -> ended = 1; break               /* M64 */
       :: available != 0 && delivered >= DTERM -> ended = 0; probe(5); break
       :: else
       fi
    od;
    skip;       /* where the loop's breaks land (never the inside of a d_step) */
    d_step { sinkL = 0; chunk = 0; index = 0; available = 0; delivered = 0; batch = 0; k = 0 }
}

/* The target queue's thread: RACQueueScheduler's Dispatch source runs its
   handler (runSubmitted) once for the signals made before it starts, one
   run at a time; a run that ends a term signals again, one that ends its
   burst lets go of the submitted drain's reference. */
proctype scheduler() {
    byte chunk, index, available, delivered, batch, k, ev, prev = NIL, tmp = NIL, i, seenW;
    bit sinkL, ended;
end_idle:
    do
    :: atomic { pendingRun -> pendingRun = 0; running = 1 }
       drain(ended);
       if
       :: !ended -> signalBurst(false)      /* queueScheduler.signal(burst)  M66 */
       :: else -> refs--                                    /* Unmanaged.passUnretained(self).release() */
       fi;
       d_step { running = 0; ended = 0 }
    od
}

/* The subscription's dispose(): the sink's markEnded (fetch-or), then the
   subscription's children: the scheduled target's holder, let go of. */
proctype disposer() {
    sinkEnded = 1;
    targetGone = 1;
    disposeReturned = 1;
    disposerDone = 1
}

init {
    byte c;
    atomic {
        cstate[0] = LIST; head = 0; tail = 0;
        c = 0; do :: c < NCHUNK -> nextc[c] = NIL; c++ :: else -> break od;
        run sender(); run scheduler();
#ifdef DISPOSE
        run disposer();
#else
        disposerDone = 1;
#endif
    }
    /* the sender returned; the queue's thread idle, nothing pending */
    (senderDone && disposerDone && !pendingRun && !running);
    d_step {
        /* nothing left queued, no drain owed; every event out exactly once */
        assert(count == 0 && consumed == NEV && refs == 0);
#ifndef DISPOSE
        assert(lastDelivered == NEV);
#endif
        assert(!asleep);
        /* no chunk leaked: the one the cursors share, and the spare */
        assert(head == tail && headIndex == tailIndex);
        c = 0;
        do
        :: c < NCHUNK ->
           assert(cstate[c] == FREE || (cstate[c] == LIST && c == head) || (cstate[c] == SPARE && c == spare));
           c++
        :: else -> break
        od
    }
}
