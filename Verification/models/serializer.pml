/*
 * The serializer (RACSerializer), as Sources/RACSwift/Atomics implements it:
 * Serializer.swift (perform, tryEnter, leave, handOver, becomeOwner),
 * Serializer+Drain.swift (drain, nextQueued, finish, passOwnership,
 * forEachPending, enqueueAsOwner, append), Serializer+Waiting.swift (wait,
 * spin, waitBriefly, stopWaiting), SerializerLimits.swift (the bits, the
 * term, the backlog bound, isOverloaded, RACHandOverState), PendingStack.swift
 * (push, takeAllOldestFirst) and WaitMarks.swift (holdsAny, mark).
 *
 * Every step is commented with the Swift function and file it stands for
 * (docs/Verification.md has the table). A change to one changes the other in
 * the same commit (docs/Concurrency.md, ENGINE.md point 17).
 *
 * Each atomic read-modify-write of the Swift code is one `atomic` step here;
 * each plain atomic load or store one statement. Work that only the owner
 * does on data only the owner can reach (relinking taken nodes, walking the
 * queue) is one `d_step`: no other thread can observe its middle.
 * SPIN explores sequentially consistent interleavings: docs/Verification.md
 * lists the acquire/release pairs this relies on and how they are checked.
 *
 * This file is the protocol (inlines) and, unless SERIALIZER_LIBRARY is
 * defined, its own harness: NT threads performing OPS operations each.
 * compound.pml and subject.pml include it as a library, each defining
 * `apply_op(n)`, what the owner does with node n's operation.
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 */

#ifndef TERM
#define TERM 2          /* RACSerializerLimits.termLength (64 in Swift) */
#endif
#ifndef BACKLOG
#define BACKLOG 2       /* RACSerializerLimits.backlogLimit (64 in Swift) */
#endif

#ifndef NTHREADS
#define NTHREADS 3
#endif
#ifndef OPS
#define OPS 2
#endif
#ifndef NODES
#define NODES (NTHREADS * OPS)
#endif
#ifndef nodeThread
#define nodeThread(n) ((n) / OPS)   /* the thread whose operation node n is */
#define nodeSeq(n) ((n) % OPS)      /* its place among that thread's */
#endif

#define NIL 255

/* Reachability probes (Verification/check runs each, expecting SPIN to
   find the state): with -DPROBE=k, step k reports itself as an error. */
#ifndef PROBE
#define PROBE 0
#endif
#define probe(k) assert(PROBE != k)

/* RACHandOverState (SerializerLimits.swift) */
#define NONE     0
#define WAITING  1
#define SLEEPING 2
#define APPLIED  3
#define OWNER    4

/* The `entries` word (Serializer.swift: RACSerializer.entries): the count
   below countMask and its three flag bits, kept in separate variables but
   only ever changed together in one atomic step, as one word is. */
byte count;             /* entries & countMask */
bit  retiring;          /* RACSerializerLimits.retiring */
bit  ownerWaits;        /* RACSerializerLimits.ownerWaits */
bit  ownerWaitsLong;    /* RACSerializerLimits.ownerWaitsLong */
byte top = NIL;         /* `pending`: RACPendingStack.top */
byte qhead = NIL;       /* `queue`: the owner's taken, unapplied nodes */
byte progress;          /* `progress`: operations owners applied */

/* RACPendingNode fields, one slot per operation (node id). */
byte nxt[NODES];
byte state[NODES];      /* RACPendingNode.state */
byte acct[NODES];       /* RACPendingNode.accounted */

/* Ghosts: what the properties are stated over; no protocol step reads them. */
byte owner = NIL;       /* the thread inside, NIL if none */
byte applied[NODES];    /* times each node's operation was applied */
byte abandoned;         /* pushed operations whose waiter gave up, unapplied */
bit  gaveUp[NODES];     /* node's waiter gave up on a stuck owner */
byte unapplied;         /* handed over (pushed) and not yet applied: the queue's length */
byte gaveUpCount;      /* waits that gave up, in all */
/* M40: (a mutation adds 4d8b51f's stalled bit here) */
byte lastApplied[NTHREADS]; /* per thread: how many of its operations were applied */

/* One owner at a time: only a thread that found the serializer free, or was
   passed it, is inside. */
inline ghost_enter() {
    assert(owner == NIL);
    owner = me
}

/* The owner applies node n: exactly once, by the one owner, each thread's
   operations in its order (nodeSeq(n): n's place among its thread's). */
inline ghost_apply(n) {
    assert(owner == me);
    applied[n]++;
    assert(applied[n] == 1);
    assert(lastApplied[nodeThread(n)] == nodeSeq(n));
    lastApplied[nodeThread(n)]++
}

/* RACPendingStack.push(node:) (PendingStack.swift): load the top, link,
   compare-exchange (release), retry with what was seen. One step here: the
   loop's loads and failed compare-exchanges change nothing, and the node is
   not published before the successful one. `wait` is the caller's plain
   store of `waiting` into the node before the push (handOver). */
inline push(n, wait) {
    atomic {
        if :: wait -> state[n] = WAITING :: else fi;
        nxt[n] = top; top = n;
        unapplied++
    }
}

/* RACPendingStack.takeAllOldestFirst() (PendingStack.swift): exchange the
   top with 0 (acquire), then relink the taken nodes oldest first. The
   relinking touches only nodes the taker owns now, so it is one step with
   the exchange. Leaves the oldest in `taken`. */
inline takeAllOldestFirst(taken) {
    newest = top; top = NIL; taken = NIL;
    do
    :: newest == NIL -> break
    :: else -> tmp = nxt[newest]; nxt[newest] = taken; taken = newest; newest = tmp
    od;
    tmp = NIL
}

/* RACSerializer.append(_:) (Serializer+Drain.swift): links `list` after the
   last queued node. Owner only. */
inline append(list) {
    d_step {
        if
        :: qhead == NIL -> qhead = list
        :: else ->
           tmp = qhead;
           do
           :: nxt[tmp] == NIL -> break
           :: else -> tmp = nxt[tmp]
           od;
           nxt[tmp] = list
        fi;
        tmp = NIL
    }
}

/* RACSerializer.nextQueued() (Serializer+Drain.swift): the queue's head,
   refilled from the stack (takeAllOldestFirst) when it runs dry. Owner
   only; the one shared access is the stack's exchange. */
inline nextQueued(head) {
    d_step {
        head = qhead;
        if
        :: head == NIL ->
           takeAllOldestFirst(head);
           qhead = head
        :: else
        fi
    }
}

/* RACSerializer.tryEnter() (Serializer.swift): compare-exchange of the whole
   word from 0 to 1 (acquire). */
inline tryEnter(n, ok) {
    atomic {
        if
        :: count == 0 && !retiring && !ownerWaits && !ownerWaitsLong ->
           count = 1; ok = true; ghost_enter();
           ghost_apply(n); work = 1                 /* now(): applied by this thread */
        :: else -> ok = false
        fi
    }
}

/* RACSerializer.leave() (Serializer.swift): fetch-sub 1 (acq_rel); the
   count left says whether operations were handed over meanwhile. */
inline leave(waiting) {
    atomic {
        assert(!retiring);      /* "No retiring bit can be set" (leave's comment) */
        count--; waiting = count;       /* M3 */
        if :: waiting == 0 -> owner = NIL :: else fi
    }
}

/* RACSerializer.becomeOwner() (Serializer.swift): a fresh term; clears the
   retiring bit if set (relaxed load, then fetch-and). */
inline becomeOwner() {
    /* Only an owner sets the bit, and this thread is the owner: the load
       and the fetch-and are one step. */
    atomic {
        if
        :: retiring -> retiring = 0
        :: else
        fi                                 /* M40c */
    }
}

/* RACSerializer.finish(_:) (Serializer+Drain.swift): tells the waiter of an
   applied node it may return (exchange to applied, acq_rel; wake). */
inline finish(n) {
    /* exchange; the wake is implied: a sleeper's wait ends when the word changes */
    if :: state[n] != NONE -> state[n] = APPLIED :: else fi
}

/* RACSerializer.passOwnership(to:accounted:) (Serializer+Drain.swift): hands
   the serializer and the queue from n on to n's waiter, if it still waits
   (compare-exchange waiting|sleeping -> owner, acq_rel). */
inline passOwnership(n, acc, passed) {
    /* The load and the compare-exchange loop are one step: a retry only
       sees a later value of the same word, and `accounted` is read by the
       waiter only after it sees `owner`. */
    atomic {
        if
        :: state[n] == WAITING || state[n] == SLEEPING ->
           acct[n] = acc; state[n] = OWNER; passed = true;
           owner = nodeThread(n)                /* ghost: the waiter is inside from now on */
        :: else -> passed = false
        fi
    }
}

/* RACSerializer.drain(accounted:_:) (Serializer+Drain.swift): applies the
   queue, then leaves (fetch-sub accounted, acq_rel); loops while more
   arrived; after a term, sets the retiring bit and passes the serializer to
   the first waiter it meets. `work` (ghost) counts what this call applies.
   The including model's `apply_op(n)` is the operation's effect; its own
   steps are its own (the harnesses make them atomic where they can). */
inline drain(acc0) {
    accounted = acc0; appliedN = 0; retiringL = false; passed = false;
    do
    :: nextQueued(head);
       if
       :: head != NIL ->
          if
          :: appliedN >= TERM ->                     /* M2 */
             if
             :: !retiringL ->
                retiringL = true;
                retiring = 1                         /* fetch-or, relaxed */
             :: else
             fi;
             passOwnership(head, accounted, passed)
          :: else
          fi;
          if
          :: passed -> probe(1); break
          :: else
          fi;
          d_step {
              qhead = nxt[head];                     /* queue.store(node.next), owner only */
              nxt[head] = 0; acct[head] = 0          /* dead from now on: cleared, one state */
          }
          apply_op(head);                            /* apply(node.element): the model's own steps */
          d_step {
              ghost_apply(head);
              unapplied--;
              if :: gaveUp[head] -> abandoned-- :: else fi;
              finish(head);
              progress++;                            /* progress.store(load + 1), relaxed */
              work++;
              appliedN++;
          }
       :: else ->
          atomic {
              count = count - accounted;
              remaining = count;
              if :: remaining == 0 -> owner = NIL :: else fi
          }
          if
          :: remaining == 0 -> break
          :: else -> accounted = remaining
          fi
       fi
    od;
    skip        /* where the loop's breaks land (never the inside of a d_step) */
}

/* RACSerializer.stopWaiting(on:) (Serializer+Waiting.swift): goes on as a
   plain hand-over unless the owner got there first (compare-exchange
   waiting -> none). */
inline stopWaiting(n, r) {
    atomic {
        r = state[n];
        if :: r == WAITING -> state[n] = NONE; r = NONE :: else fi
    }
}

/* RACSerializer.spin(on:) (Serializer+Waiting.swift): loads the state
   (acquire) until applied or owner, or a thousand pauses and 64 yields
   later (NONE here: it ran out). */
inline spinOn(n, r) {
    r = NONE;
    if
    :: state[n] == APPLIED || state[n] == OWNER -> r = state[n]
    :: true                                      /* the spin ran out first */
    fi
}

/* RACSerializer.wait(for:untilApplied:) and waitBriefly(for:)
   (Serializer+Waiting.swift). `inside`: the thread is inside another
   serializer (racs_owns_a_serializer); `holds`: RACWaitMarks.holdsAny;
   `mustComplete`: a disposal's untilApplied (racs_runs_a_once_flag). */
inline waitFor(n, ua, inside, holds, mustComplete, r) {
    if
    :: !ua && inside ->
       /* waitBriefly: marks what it owns (ownerWaits), looks at this one's */
       if
       :: !ownerWaits -> spinOn(n, r)
       :: else -> r = NONE
       fi;
       if :: r == NONE -> stopWaiting(n, r); briefStop = true; probe(4) :: else fi
    :: else ->
       r = NONE;
       if
       :: holds && ownerWaitsLong ->             /* RACWaitMarks.mark(), then the seq_cst look */
          stopWaiting(n, r); markStop = true; probe(5)
       :: else ->
          /* spin(on:), then, once it ran out, the compare-exchange
             waiting -> sleeping and the first look at `progress`, as one
             step (a later look can only see more progress) */
          atomic {
              if
              :: state[n] == APPLIED || state[n] == OWNER -> r = state[n]
              :: true ->                         /* the spin ran out */
                 r = state[n];
                 if :: r == WAITING -> state[n] = SLEEPING :: else fi;
                 watched = progress
              fi
          }
          if
          :: r != APPLIED && r != OWNER ->
             do
             :: r == APPLIED || r == OWNER -> break
             :: else ->
                if
                :: atomic { state[n] != SLEEPING -> r = state[n] }
                                                  /* racs_word_wait returns, woken; acquire load */
                :: d_step { progress != watched -> watched = progress }
                                                  /* `patience` passed, but the owner applied
                                                     something: slow, not stuck; watch on */
                :: atomic { progress == watched && !mustComplete ->   /* M6 */
                      /* only on an owner that applied nothing since the last look */
                      assert(progress == watched) };
                                                  /* `patience` passed with nothing applied: stuck
                                                     (a disposal, mustComplete, warns once and
                                                     waits on: a step that changes nothing) */
                   atomic {                       /* compare-exchange sleeping -> none */
                       r = state[n];
                       if
                       :: r == SLEEPING ->
                          state[n] = NONE; r = NONE;
                          gaveUp[n] = 1; abandoned++; gaveUpCount++; probe(3)  /* M40a */
                       :: else
                       fi
                   }
                   if :: r == NONE -> break :: else fi
                fi
             od
          :: else
          fi
       fi
    fi
}

/* RACSerializer.handOver(_:untilApplied:_:) (Serializer.swift) for node n:
   decide whether to wait (relaxed load, isOverloaded), push (the store of
   `waiting` with it), count in (fetch-add 1, acq_rel); owner at once if
   the count was 0, else wait if it must; drain if the serializer was passed
   to it. */
inline handOver(n, ua, inside, holds, mustComplete) {
    d_step {
        /* ghost: whether the docs say this caller waits (points 8, 9, 12) */
        mustWait = ua || retiring || count >= BACKLOG;
        overloaded = retiring || count >= BACKLOG;   /* M8 isOverloaded(entries.load(.relaxed)) */
        waits = ua || overloaded                     /* M5 */
    }
    push(n, waits);
    atomic {
        before = count; count++;
        if :: before == 0 -> ghost_enter() :: else -> if :: waits && !ua && !retiring -> probe(2) :: else fi fi;
        /* the queue's bound (docs/Concurrency.md point 9): BACKLOG, plus
           one per thread, plus what waiters gave up on a stuck owner */
        assert(unapplied <= BACKLOG + NTHREADS + abandoned)
    }
    if
    :: before == 0 ->
       if :: waits -> state[n] = NONE :: else fi;
       becomeOwner();
       drain(1)
    :: else ->
       if
       :: waits ->
          waitFor(n, ua, inside, holds, mustComplete, r);
          if
          :: r == OWNER ->
             becomeOwner();
             drain(acct[n])
          :: else
          fi
       :: else
       fi
    fi;
    /* A caller that finds the serializer overloaded, or asks untilApplied,
       returns only once its operation is applied (here, or by the owner),
       unless a wait ended for a reason of structure (brief, marks) or the
       owner applied nothing for a patience (docs/Concurrency.md 9, 12). */
    d_step {
        assert(!mustWait || applied[n] == 1 || briefStop || markStop || gaveUp[n]);
        assert(!(ua && mustComplete) || applied[n] == 1 || markStop)
    }
}

/* perform's `now:` and `handingOver:` closures, for a model that tells
   them apart from `apply` (PERFORM_HOOKS: unsubscribe.pml -DLENDING, where
   a subject counts its unsubscribes in flight): `perform_now(n)`, what the
   caller that entered does with its own operation (else `apply_op(n)`, as
   the owner would), and `handing_over(n)`, run on the calling thread just
   before a hand-over (else nothing). */
#ifdef PERFORM_HOOKS
#define PERFORM_NOW(n) perform_now(n)
#else
#define PERFORM_NOW(n) apply_op(n)
#endif

/* RACSerializer.perform(_:untilApplied:handingOver:now:_:) (Serializer.swift):
   enter and apply at once (`now`) if idle, else hand over. */
inline perform(n, ua, inside, holds, mustComplete) {
    tryEnter(n, ok);
    if
    :: ok ->
       PERFORM_NOW(n);
       leave(waiting);
       if :: waiting != 0 -> drain(waiting) :: else fi
    :: else ->
#ifdef PERFORM_HOOKS
       handing_over(n);
#endif
       handOver(n, ua, inside, holds, mustComplete)
    fi;
    /* Bounded work per call (docs/Concurrency.md point 8): its own
       operation, a term, the backlog, one per other thread, one per waiter
       that gave up. */
    /* The thread's scratch registers are dead now: cleared, so that states
       that differ only in them are one state. */
    d_step {
        assert(work <= 1 + TERM + BACKLOG + (NTHREADS - 1) + gaveUpCount);
        seen = 0; newest = 0; tmp = NIL; head = 0; s = 0; accounted = 0; remaining = 0;
        before = 0; r = 0; watched = 0; work = 0; appliedN = 0; waiting = 0;
        ok = 0; passed = 0; retiringL = 0; waits = 0; mustWait = 0; overloaded = 0; briefStop = 0; markStop = 0
    }
}

/* The locals every process that performs needs. */
#define SERIALIZER_LOCALS \
    byte waiting, seen, newest, tmp = NIL, head, s, accounted, remaining, before, r, watched, work, appliedN; \
    bit ok, passed, retiringL, waits, mustWait, overloaded, briefStop, markStop

#ifndef SERIALIZER_LIBRARY
/* ---- The harness: NTHREADS threads, OPS operations each. ----
   Configurations (-D): UA_LAST (each thread's last operation is
   untilApplied, a disposal: mustComplete), INSIDE1 (thread 1 is inside
   another serializer: brief waits), OWNER_MARKS (an owner, while applying,
   may be in a wait elsewhere: sets ownerWaits or ownerWaitsLong for its
   length), HOLDS2 (thread 2 holds something: looks at ownerWaitsLong). */
byte done;                      /* threads returned */

inline apply_op(n) {
#ifdef OWNER_MARKS
    /* An owner's block in a wait elsewhere: brief (ownerWaits) or long
       (ownerWaitsLong), marked for its length (RACWaitMarks.mark, unmark;
       racs_mark_owned_serializers), so that arrivals can see the mark. */
    if
    :: ownerWaits = 1; ownerWaits = 0
    :: ownerWaitsLong = 1; ownerWaitsLong = 0
    :: skip
    fi
#else
    skip
#endif
}

proctype thread(byte me) {
    SERIALIZER_LOCALS;
    byte k = 0, node;
    bit ua, mustc, inside, holds;
    do
    :: k < OPS ->
#ifdef UA_LAST
       ua = (k == OPS - 1);
#endif
#ifdef INSIDE1
       inside = (me == 1);
#endif
#ifdef HOLDS2
       holds = (me == 2);
#endif
       d_step { mustc = ua; node = me * OPS + k }
       perform(node, ua, inside, holds, mustc);
       k++
    :: else -> break
    od;
    done++
}


init {
    byte i = 0;
    atomic {
        do
        :: i < NTHREADS -> run thread(i); i++
        :: else -> break
        od
    }
    (done == NTHREADS);
    /* every operation applied exactly once, the serializer idle */
    d_step {
        i = 0;
        do
        :: i < NODES -> assert(applied[i] == 1); i++
        :: else -> break
        od;
        assert(count == 0 && owner == NIL && top == NIL && qhead == NIL);
        assert(!ownerWaits && !ownerWaitsLong)
    }
}

#ifdef LIVENESS
/* No operation waits forever while the owner makes progress: under weak
   fairness, every thread returns (run with pan -a -f). */
ltl everyCallReturns { <> (done == NTHREADS) }
#endif
#endif
