/*
 * The cycle of two serializers behind the owner-waits marks: two subjects
 * (serializers S0, S1) whose deliveries forward into each other, so that a
 * thread delivering on S0 waits briefly at S1's bound while S1's owner,
 * delivering there, waits briefly at S0's. Sources/RACSwift/Atomics:
 * Serializer.swift (perform, tryEnter, leave, handOver, becomeOwner),
 * Serializer+Drain.swift (drain, nextQueued, finish), Serializer+Waiting.swift
 * (wait, waitBriefly, stopWaiting, racSpinForTurn), WaitMarks.swift and
 * CShims/include/RACWait.h (the owned-serializer list: racs_serializer_entered
 * and _left, racs_owns_serializer, racs_mark_owned_serializers and _unmark).
 *
 * The serializer's steps are serializer.pml's (same names, same atomicity),
 * with each word an array indexed by the serializer: serializer.pml's
 * globals are one serializer's, so it cannot be included twice. What this
 * model leaves to serializer.pml: the term, the retiring bit and passing
 * ownership (no term here: a waiter's turn is always `applied`), sleeping
 * and the give-up on no progress, `untilApplied`, the long-wait mark
 * (`ownerWaitsLong`: no owner here holds a once flag).
 *
 * The spin of a brief wait does not run out here (unless -DSPIN_ENDS): it
 * waits until its operation is applied, as a lock would. So a cycle of
 * brief waiters that all spun would never end (an invalid end state), and
 * only the marks' mark-then-look can break it: that is the property.
 *
 * Every step is commented with the Swift function it stands for
 * (docs/Verification.md has the table). Mutation sites carry "Mk".
 *
 * The harness: two threads; thread t sends OPS values into S_t (its own
 * subject, from outside any serializer); each delivery of such a value on
 * S_t forwards one value into the other subject (from inside S_t: a brief
 * wait if it waits). A forwarded value's delivery forwards nothing. A call
 * nested in a delivery is its own process (`call`), started and awaited by
 * the delivering one through a rendezvous: Promela inlines cannot recurse.
 */

#ifndef OPS
#define OPS 1           /* values each thread sends into its own subject */
#endif
#ifndef BACKLOG
#define BACKLOG 1       /* RACSerializerLimits.backlogLimit (64 in Swift) */
#endif

/* Node n: stream n / OPS, its place n % OPS. Streams: 0, thread 0's
   values into S0; 1, thread 1's into S1; 2, the forwards of stream 0 into
   S1; 3, the forwards of stream 1 into S0. */
#define NODES (4 * OPS)
#define stream(n) ((n) / OPS)
#define seqOf(n) ((n) % OPS)
#define serOf(n) ((stream(n) == 0 || stream(n) == 3) -> 0 : 1)
#define forwardOf(n) ((n) + 2 * OPS)
#define isOriginal(n) (stream(n) < 2)

#define NIL 255

#ifndef PROBE
#define PROBE 0
#endif
#define probe(k) assert(PROBE != k)

/* RACHandOverState (SerializerLimits.swift); no SLEEPING, no OWNER here */
#define NONE     0
#define WAITING  1
#define APPLIED  3

/* The `entries` words: the count and the owner-waits bit of each. */
byte count[2];
bit  ownerWaits[2];     /* RACSerializerLimits.ownerWaits */
byte top[2] = NIL;      /* `pending`: RACPendingStack.top */
byte qhead[2] = NIL;    /* `queue`: the owner's taken, unapplied nodes */

byte nxt[NODES];
byte state[NODES];      /* RACPendingNode.state */

/* racs_owned_serializers, one bit per thread and serializer: the thread is
   inside (tryEnter succeeded, or it became the owner; until it left). */
bit  inside[4];
#define insideOf(t, s) inside[(t) * 2 + (s)]

/* Ghosts */
byte owner[2] = NIL;    /* the thread inside each serializer */
byte applied[NODES];
byte nextSeq[4];        /* per stream: how many of its values were applied */
bit  briefWaiting[2];   /* thread t is between its mark and its unmark */
byte done;

/* One owner at a time (racs_serializer_entered with it). */
inline enter(s) {
    assert(owner[s] == NIL);
    owner[s] = me; insideOf(me, s) = 1
}

/* racs_serializer_left, and the ghost owner with it. */
inline left(s) {
    owner[s] = NIL; insideOf(me, s) = 0
}

/* The owner applies n: exactly once, by the owner, each stream in order.
   No mark is left on a serializer whose owner is not in a brief wait. */
inline ghost_apply(s, n) {
    assert(owner[s] == me && serOf(n) == s);
    applied[n]++;
    assert(applied[n] == 1);
    assert(nextSeq[stream(n)] == seqOf(n));
    nextSeq[stream(n)]++;
    marksTrue()
}

/* A mark is set only while the serializer's owner is in a brief wait. */
inline marksTrue() {
    assert(!ownerWaits[0] || (owner[0] != NIL && briefWaiting[owner[0]]));
    assert(!ownerWaits[1] || (owner[1] != NIL && briefWaiting[owner[1]]))
}

/* RACPendingStack.push(node:) (PendingStack.swift), with handOver's store
   of `waiting` before it. */
inline push(s, n, wait) {
    atomic {
        if :: wait -> state[n] = WAITING :: else fi;
        nxt[n] = top[s]; top[s] = n
    }
}

/* RACPendingStack.takeAllOldestFirst() (PendingStack.swift) and
   RACSerializer.nextQueued() (Serializer+Drain.swift), as serializer.pml. */
inline nextQueued(s, head) {
    d_step {
        head = qhead[s];
        if
        :: head == NIL ->
           newest = top[s]; top[s] = NIL;
           do
           :: newest == NIL -> break
           :: else -> tmp = nxt[newest]; nxt[newest] = head; head = newest; newest = tmp
           od;
           tmp = NIL;
           qhead[s] = head
        :: else
        fi
    }
}

/* RACSerializer.tryEnter() (Serializer.swift): the whole word 0 -> 1. */
inline tryEnter(s, ok) {
    atomic {
        if
        :: count[s] == 0 && !ownerWaits[s] -> count[s] = 1; ok = true; enter(s)
        :: else -> ok = false
        fi
    }
}

/* RACSerializer.leave() (Serializer.swift): fetch-sub 1. */
inline leave(s, waiting) {
    atomic {
        count[s]--; waiting = count[s];
        if :: waiting == 0 -> left(s) :: else fi
    }
}

/* The including harness's operation: a delivery on s. An original value
   forwards into the other subject: a nested perform, its own process. */
inline apply_op(s, n) {
    if
    :: isOriginal(n) ->
       run call(1 - s, forwardOf(n), me, level + 1);
       ret[me * 3 + level + 1]?_
    :: else
    fi
}

/* RACSerializer.drain(accounted:_:) (Serializer+Drain.swift), without the
   term: apply the queue; fetch-sub accounted; loop while more arrived. */
inline drain(s, acc0) {
    accounted = acc0;
    do
    :: nextQueued(s, head);
       if
       :: head != NIL ->
          d_step { qhead[s] = nxt[head]; nxt[head] = 0 }  /* queue.store(node.next) */
          apply_op(s, head);
          d_step {
              ghost_apply(s, head);
              /* finish(_:): exchange to applied, wake */
              if :: state[head] != NONE -> state[head] = APPLIED :: else fi;
              head = 0
          }
       :: else ->
          atomic {
              count[s] = count[s] - accounted;
              remaining = count[s];
              if :: remaining == 0 -> left(s) :: else fi
          }
          if
          :: remaining == 0 -> break
          :: else -> accounted = remaining
          fi
       fi
    od;
    skip
}

/* racs_mark_owned_serializers(ownerWaits) (RACWait.h): a seq_cst fetch-or
   on each serializer the thread is inside, one step each. */
inline markOwned() {
    briefWaiting[me] = 1;
    if :: insideOf(me, 0) -> ownerWaits[0] = 1 :: else fi;
    if :: insideOf(me, 1) -> ownerWaits[1] = 1 :: else fi
}

/* racs_unmark_owned_serializers(ownerWaits): fetch-and, one step each. */
inline unmarkOwned() {
    if :: insideOf(me, 0) -> ownerWaits[0] = 0 :: else fi;     /* M71 */
    if :: insideOf(me, 1) -> ownerWaits[1] = 0 :: else fi;     /* M71 */
    briefWaiting[me] = 0
}

/* RACSerializer.stopWaiting(on:) (Serializer+Waiting.swift): compare-
   exchange waiting -> none. */
inline stopWaiting(n, r) {
    atomic {
        r = state[n];
        if :: r == WAITING -> state[n] = NONE; r = NONE :: else fi
    }
}

/* RACSerializer.waitBriefly(for:) (Serializer+Waiting.swift): mark what it
   is inside, look (seq_cst) for the mark on this one; spin if it is not
   there (racSpinForTurn), else stop at once. */
inline waitBriefly(s, n, r) {
    markOwned();                                 /* M72a */
    looked = ownerWaits[s];                      /* M72b */
    if :: briefWaiting[1 - me] -> probe(4) :: else fi   /* both in a brief wait: the cycle */
    r = NONE;
    if
    :: !looked ->                                /* M70 */
       if
       :: state[n] == APPLIED -> r = APPLIED; probe(2)
#ifdef SPIN_ENDS
       :: true                                   /* the spin ran out */
#endif
       fi
    :: else -> marksTrue(); probe(1)
    fi;
    unmarkOwned();
    if :: r == NONE -> stopWaiting(n, r) :: else fi
}

/* RACSerializer.wait(for:untilApplied:) (Serializer+Waiting.swift) for a
   thread that holds nothing (RACWaitMarks.holdsAny false): no marks; waits
   until applied (no term here, so never `owner`; no give-up modeled). */
inline waitLong(n, r) {
    atomic { state[n] == APPLIED -> r = APPLIED; probe(3) }
}

/* RACSerializer.handOver(_:untilApplied:_:) (Serializer.swift): decide
   whether to wait (isOverloaded, and not inside this serializer), push,
   count in; owner at once at 0 (becomeOwner), else wait if it must. */
inline handOver(s, n) {
    d_step { waits = count[s] >= BACKLOG && !insideOf(me, s) }
    push(s, n, waits);
    atomic {
        before = count[s]; count[s]++;
        if :: before == 0 -> enter(s) :: else fi
    }
    if
    :: before == 0 ->
       if :: waits -> state[n] = NONE :: else fi;
       drain(s, 1)
    :: else ->
       if
       :: waits && (insideOf(me, 0) || insideOf(me, 1)) ->
          waitBriefly(s, n, r)                   /* racs_owns_a_serializer() */
       :: waits && !insideOf(me, 0) && !insideOf(me, 1) ->
          waitLong(n, r)
       :: else
       fi
    fi
}

/* RACSerializer.perform(_:untilApplied:now:_:) (Serializer.swift). */
inline perform(s, n) {
    tryEnter(s, ok);
    if
    :: ok ->
       apply_op(s, n);
       d_step { ghost_apply(s, n) }
       leave(s, waiting);
       if :: waiting != 0 -> drain(s, waiting) :: else fi
    :: else ->
       handOver(s, n)
    fi
}

/* A call's return to its caller: thread t's call at level l answers on
   ret[t * 3 + l]. Levels 0 to 2 only: a call at level 2 is a forward
   into a serializer its thread is inside already, which it only queues. */
chan ret[6] = [0] of { bit };

/* A perform on serializer s of node n by thread me, at nesting level
   `level` (0: from outside any serializer). */
proctype call(byte s; byte n; byte me; byte level) {
    byte waiting, head, newest, tmp = NIL, accounted, remaining, before, r;
    bit ok, waits, looked;
    assert(level <= 2);
    perform(s, n);
    ret[me * 3 + level]!1
}

proctype thread(byte me) {
    byte k = 0;
    do
    :: k < OPS ->
       run call(me, me * OPS + k, me, 0);
       ret[me * 3]?_;
       k++
    :: else -> break
    od;
    done++
}

init {
    byte i;
    atomic { run thread(0); run thread(1) }
    (done == 2);
    (_nr_pr == 1);
    /* every value and every forward applied exactly once, both idle (the
       whole word 0: no count, no mark left set) */
    d_step {
        i = 0;
        do
        :: i < NODES -> assert(applied[i] == 1); i++
        :: else -> break
        od;
        assert(count[0] == 0 && count[1] == 0 && !ownerWaits[0] && !ownerWaits[1]);
        assert(top[0] == NIL && top[1] == NIL && qhead[0] == NIL && qhead[1] == NIL);
        assert(owner[0] == NIL && owner[1] == NIL)
    }
}
