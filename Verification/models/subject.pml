/*
 * A subject's joins, as Sources/RACSwift/Subjects/RACSubjectCore.swift
 * implements them (with RACReplaySubject.swift and RACReplayBuffer.swift
 * for the history), over its serializer (serializer.pml, as a library):
 * the subscribe made by the owner from inside a delivery
 * (subscribeAsOwner: the linearizable join) and the replay join of a
 * subscribe handed over (add: replay, then insert, in one serialized step).
 *
 * Threads: S1 sends v0 then v1; S2 sends v2 (COMPLETE: sendCompleted
 * instead); with REPLAY, a third subscribes C from outside. Subscriber A is
 * in from the start; its block, at its first value, subscribes B (on the
 * owner's thread, inside the delivery). Properties: every subscriber hears
 * a suffix of the one order of values (no gap, no duplicate, the same order
 * for all); for a replay subject every subscriber hears every value
 * (unlimited) or the last CAP before it joined and all later ones; B hears
 * no value whose sendNext returned before its subscribe was called; a
 * queued end reaches B at once; no invalid end state.
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 */

#ifdef REPLAY
#define NT 3
#else
#define NT 2
#endif
#define NTHREADS (NT + 1)               /* the join node counts as its own "thread" */
#define OPS 2
#define JOIN_NODE (NT * OPS)
#define NODES (NT * OPS + 1)
#define nodeThread(n) ((n) == JOIN_NODE -> NT : (n) % NT)
#define nodeSeq(n) ((n) == JOIN_NODE -> 0 : (n) / NT)
#define TERM 9
#define BACKLOG 9
#define SERIALIZER_LIBRARY
#include "serializer.pml"

#ifndef CAP
#define CAP 9                            /* RACReplayBuffer.capacity; 9: unlimited here */
#endif

/* Operation kinds (RACSubjectCore.Operation) and values, by node */
#define K_NEXT 0
#define K_COMPLETED 1
#define K_SUBSCRIBE 2
#define K_JOIN 3
byte kind[NODES];
byte value[NODES];

/* The core's state, touched by the owner only */
bit  ended;                              /* `ending` */
byte hist[4]; byte histLen;              /* every value recorded, in order (the
                                            ring buffer keeps the last CAP) */
bit  inA = 1, inB, inC;                  /* `slots`: A, then B and C in join order */
byte slotOrder[2]; byte slotCount;       /* B and C in the order they were inserted */
bit  bAsked;                             /* A's block subscribed B already */

/* What each subscriber heard: A = 0, B = 1, C = 2 */
byte heard[9]; byte heardLen[3];
bit  heardEnd[3];
bit  sendReturned[3];                    /* ghost: sendNext(v) returned */
bit  beforeB[3];                         /* ghost: ... before B's subscribe was called */
byte done;

inline hear(x, v) {
    assert(!heardEnd[x]);
    heard[x * 3 + heardLen[x]] = v; heardLen[x]++
}

/* deliver(_:) with sendNext: to the slots present when it starts, in order */
inline deliverValue(v) {
    if :: inA -> hear(0, v) :: else fi;
    tmp = 0;
    do
    :: tmp < slotCount ->
       if
       :: slotOrder[tmp] == 1 ->
          assert(!beforeB[v]);           /* B hears nothing sent before it subscribed */
          hear(1, v)
       :: else -> hear(2, v)
       fi;
       tmp++
    :: else -> break
    od;
    tmp = NIL
}

/* replay(x): the last CAP of the history, oldest first (add's history.forEach) */
inline replay(x) {
    tmp = (histLen > CAP -> histLen - CAP : 0);
    do
    :: tmp < histLen -> hear(x, hist[tmp]); tmp++
    :: else -> break
    od;
    tmp = NIL
}

/* insert(_:): ends it if the subject has ended, else a slot */
inline insert(x) {
    if
    :: ended -> heardEnd[x] = 1
    :: else ->
       slotOrder[slotCount] = x; slotCount++;
       if :: x == 1 -> inB = 1 :: else -> inC = 1 fi
    fi
}

/* subscribeAsOwner(_:) (RACSubjectCore.swift), for B, inside A's block:
   forEachPending (take the stack onto the queue, walk it), replay the
   history plus the pending values (the last CAP of them), end B at once if
   a pending operation ends the subject, else enqueueAsOwner(.join). */
inline subscribeAsOwner() {
    d_step {
        takeAllOldestFirst(tmp2);            /* forEachPending: the stack's exchange */
        if :: tmp2 != NIL -> append(tmp2) :: else fi;
        /* the values the pending sends will record, and a pending end */
        pendLen = 0; pendEnd = ended;
        tmp2 = qhead;
        do
        :: tmp2 == NIL -> break
        :: else ->
           if
           :: pendEnd
           :: !pendEnd && kind[tmp2] == K_NEXT -> pend[pendLen] = value[tmp2]; pendLen++
           :: !pendEnd && kind[tmp2] == K_COMPLETED -> pendEnd = 1
           :: !pendEnd && kind[tmp2] != K_NEXT && kind[tmp2] != K_COMPLETED
           fi;
           tmp2 = nxt[tmp2]
        od;
#ifdef REPLAY
        /* of history + pending, the last CAP */
        skipN = (histLen + pendLen > CAP -> histLen + pendLen - CAP : 0);
        tmp2 = 0;
        do
        :: tmp2 < histLen -> if :: skipN > 0 -> skipN-- :: else -> hear(1, hist[tmp2]) fi; tmp2++
        :: else -> break
        od;
        tmp2 = 0;
        do
        :: tmp2 < pendLen -> if :: skipN > 0 -> skipN-- :: else -> hear(1, pend[tmp2]) fi; tmp2++  /* M30 */
        :: else -> break
        od;
#endif
        tmp2 = NIL
    }
    /* end(_:with:): the end at once, if a pending operation ends it (its
       join, queued all the same, then finds B ended and does nothing) */
    if :: pendEnd -> heardEnd[1] = 1 :: else fi;
    /* enqueueAsOwner(.join(B)): one more entry (relaxed fetch-add), queued last */
    count++; d_step { kind[JOIN_NODE] = K_JOIN; nxt[JOIN_NODE] = NIL; unapplied++; append(JOIN_NODE) }  /* M31 */
}

/* apply(_:) (RACSubjectCore.swift) */
inline apply_op(n) {
    if
    :: kind[n] == K_NEXT ->
       /* deliverNext: ignored once ended; record, then deliver */
       atomic {
           if
           :: !ended ->
              hist[histLen] = value[n]; histLen++;
              deliverValue(value[n])
           :: else
           fi
       }
       /* A's block: at its first value, subscribes B from inside the delivery */
       if
       :: !ended && !bAsked ->
          bAsked = 1;
          d_step { tmp = 0; do :: tmp < 3 -> beforeB[tmp] = sendReturned[tmp]; tmp++ :: else -> break od; tmp = NIL }
          subscribeAsOwner()
       :: else
       fi
    :: kind[n] == K_COMPLETED ->
       /* end(.completed): every slot hears the end, then all are let go */
       d_step {
           if
           :: !ended ->
              ended = 1;
              if :: inA -> heardEnd[0] = 1 :: else fi;
              if :: inB -> heardEnd[1] = 1 :: else fi;
              if :: inC -> heardEnd[2] = 1 :: else fi;
              inA = 0; inB = 0; inC = 0; slotCount = 0
           :: else
           fi
       }
    :: kind[n] == K_SUBSCRIBE ->
       /* add(_:): replay the history, then insert, one serialized step */
       d_step {
#ifdef REPLAY
           replay(2);
#endif
           insert(2)
       }
    :: kind[n] == K_JOIN ->
       d_step { if :: !heardEnd[1] -> insert(1) :: else fi }   /* insert(_:): nothing once B has ended */
    fi
}

#define SUBJECT_LOCALS \
    SERIALIZER_LOCALS; \
    bit ua, mustc, inside, holds, pendEnd; \
    byte tmp2, pendLen, skipN, node; \
    byte pend[3]

/* sendNext(_:) / sendCompleted() / subscribe(_:) through perform */
proctype sender(byte me) {
    SUBJECT_LOCALS;
    byte k = 0;
    do
    :: k < OPS && (me == 0 || k == 0) ->
       node = me + k * NT;
       perform(node, ua, inside, holds, mustc);
       if :: kind[node] == K_NEXT -> sendReturned[value[node]] = 1 :: else fi;
       k++
    :: else -> break
    od;
    done++
}

init {
    byte i, x, j;
    atomic {
        kind[0] = K_NEXT; value[0] = 0;              /* S1: v0, then v1 */
        kind[NT] = K_NEXT; value[NT] = 1;
#ifdef COMPLETE
        kind[1] = K_COMPLETED;                       /* S2: sendCompleted */
#else
        kind[1] = K_NEXT; value[1] = 2;              /* S2: v2 */
#endif
#ifdef REPLAY
        kind[2] = K_SUBSCRIBE;                       /* C subscribes from outside */
#endif
        i = 0;
        do :: i < NT -> run sender(i); i++ :: else -> break od
    }
    (done == NT);
    d_step {
        assert(count == 0 && top == NIL && qhead == NIL);
        /* each subscriber heard a suffix of the one order (hist), ... */
        x = 0;
        do
        :: x < 3 ->
           assert(heardLen[x] <= histLen);
           j = 0;
           do
           :: j < heardLen[x] -> assert(heard[x * 3 + j] == hist[histLen - heardLen[x] + j]); j++
           :: else -> break
           od;
           x++
        :: else -> break
        od;
        /* ... all of it, where it was there from the start or replayed
           enough; the end reached whoever was in */
        assert(heardLen[0] == histLen);
#ifdef REPLAY
        /* a replay subject's joiners: the last CAP before they joined, and
           every later one: at least the last CAP of all */
        assert(!bAsked || heardLen[1] >= (histLen < CAP -> histLen : CAP));
        assert(heardLen[2] >= (histLen < CAP -> histLen : CAP));
#endif
#ifdef COMPLETE
        assert(heardEnd[0] && (!bAsked || heardEnd[1]))
#endif
    }
}
