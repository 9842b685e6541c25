/*
 * A subject's unsubscribe and compaction, as Sources/RACSwift/Subjects
 * implements them (RACSubjectCore.swift's unsubscribe and apply,
 * RACSubjectCore+Delivery.swift, +Slots.swift and +Lending.swift; with the
 * subscription's dispose, RACCompoundDisposable.dispose(endedBy:) and
 * RACSubjectSubscription.didDispose, and the sink's disposed bit,
 * RACSubscriptionSink.markEnded/sendNext), over its serializer
 * (serializer.pml, as a library): the owner's delivery loop (deliver),
 * remove, compact.
 *
 * Subscribers, in their slots from the start: X (0), A (1), C (2), E (3).
 * Thread S sends v0 then v1. Thread D disposes X: the sink's disposed bit
 * (dispose's primary child, markEnded), then didDispose's unsubscribe
 * through the serializer (applied by D itself if it finds the serializer
 * idle, else handed over to the delivering owner). A's block, at its first
 * value, disposes C (a later subscriber, not reached yet in that
 * delivery); E's block, at its first value, disposes E itself. Both
 * disposals are made on the owner's thread, inside the delivery: their
 * unsubscribes are handed over (perform finds the serializer busy) and
 * applied after the delivery. Compaction's threshold is CMIN (8 in Swift):
 * at 2, the second removal of the four slots compacts.
 *
 * No removal during a delivery: remove asserts that none is under way.
 * The delivery loop uses each slot's sink unretained and relies on the
 * indices staying put, while remove releases the entry at once and may
 * compact. That is safe because every remove is applied by a perform that
 * entered an idle serializer or by a drain between two operations: a
 * disposal made from inside a delivery is handed over (perform cannot
 * enter a serializer its own thread is inside). M82 makes the blocks'
 * disposals remove at once, inside the delivery, as an in-place
 * unsubscribe would: the assertion reports it.
 *
 * Properties: a subscriber whose dispose returned before a sendNext was
 * called hears nothing of that send (more: its slot is gone by then, by
 * the serializer's order alone); one disposed from inside a delivery
 * hears nothing after (not the rest of that delivery either); every other
 * subscriber hears every value exactly once, in the one order; no slot's
 * subscription (and sink) is freed while a delivery may still use it (no
 * removal during one); every removed subscription is freed exactly once,
 * the live ones never; the slots, count, emptySlots and indices agree at
 * the end; no invalid end state.
 *
 * Reachability probes (-DPROBE=k): 11 the disposed bit stops a delivery
 * to X (its slot still there: a send begun before its dispose returned);
 * 12 D applies X's unsubscribe itself (serializer idle); 14 the owner
 * applies it (handed over); 13 a compaction; 17 a removal at an index a
 * compaction moved.
 *
 * -DLENDING: the delivery by lent blocks (issue 25; RACSubjectCore's
 * deliverNext, unsubscribe's `handingOver:`, apply(.unsubscribe),
 * updateUnlentMark, RACBorrowedBlock): beside the slots, a borrowed copy
 * of each block subscriber's `next` block (`blocks`), called without
 * touching the sink while the lending word (`lendingWord`, core word 6:
 * the unsubscribes in flight, and `unlentMark`) is 0, loaded
 * before every call; at the first nonzero load the rest of that delivery
 * goes through the slots and the sinks' disposed bits, as above. An
 * unsubscribe handed over is counted in on the disposing thread before the
 * hand-over (perform's `handingOver:`), counted out by the owner after its
 * `remove`; one applied `now:` is not counted. The owner sets the mark
 * when a slot below the count is empty or holds a sink not lent, clears it
 * when neither holds (compaction). The slots are A (0), X (1), C (2),
 * E (3), so that a delivery reaches X after a call to A; D disposes X once
 * X heard v0, so that its dispose() races v1's delivery. -DUNLENT: C is an
 * operator's sink (no block lent), so the mark is set from the start, until
 * a compaction after C's removal clears it. The property: no call of a
 * subscriber's block begins after its dispose() returned (`returned`),
 * whichever thread disposed it, even within a delivery that began before;
 * a call begins at the load that lets it through (the word's, on the fast
 * path; the disposed bit's, on the slow one), so each is one step with the
 * call. Probes: 21 a lent block called; 22 a delivery switches to the
 * sinks after lent calls; 23 then a disposed bit stops a call; 24 that,
 * for X, whose dispose() returned after the delivery began (the race the
 * fanout branch lost); 25 a compaction clears the mark; 26 D applies
 * its unsubscribe `now:` (uncounted). -DTWO_DISPOSERS: D2 disposes A too,
 * once A heard v0 (probe 27: a disposing thread counts in while another's
 * unsubscribe is in flight).
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 */

#ifdef TWO_DISPOSERS
#define NTHREADS 4                      /* S, D, the owner's handed-over unsubscribes, D2 */
#define NODES 6                         /* ..., and A's unsubscribe (D2) */
#define nodeThread(n) ((n) < 2 -> 0 : ((n) == 2 -> 1 : ((n) == 5 -> 3 : 2)))
#define nodeSeq(n) ((n) < 2 -> (n) : ((n) == 2 || (n) == 5 -> 0 : (n) - 3))
#else
#define NTHREADS 3                      /* S, D, and the owner's handed-over unsubscribes */
#define NODES 5                         /* v0, v1 (S); X's unsubscribe (D); C's, E's (the blocks) */
#define nodeThread(n) ((n) < 2 -> 0 : ((n) == 2 -> 1 : 2))
#define nodeSeq(n) ((n) < 2 -> (n) : ((n) == 2 -> 0 : (n) - 3))
#endif
#define TERM 9
#define BACKLOG 9
#define SERIALIZER_LIBRARY
#ifdef LENDING
#define PERFORM_HOOKS                   /* perform's `now:` and `handingOver:` */
#endif
#include "serializer.pml"

#ifndef CMIN
#define CMIN 2                          /* remove's `emptySlots >= 8` */
#endif

#ifdef LENDING
#define A 0
#define X 1
#else
#define X 0
#define A 1
#endif
#define C 2
#define E 3
#define NSUBS 4
#define EMPTY 255                       /* a nil slot */
#define NOINDEX 255                     /* subscription.index == -1 */

/* The core's state, touched by the owner only */
byte slot[NSUBS];                       /* `slots`: a subscriber, or EMPTY */
byte slotCount = NSUBS;                 /* the core's `count` (`count` is the serializer's) */
byte emptySlots;
byte idx[NSUBS];                        /* RACSubjectSubscription.index */
bit  isDelivering;

/* Shared: each sink's disposed bit (RACSinkState.disposed) */
bit  disposed[NSUBS];

#ifdef LENDING
/* Shared: `lendingWord` (core word 6): the unsubscribes in flight in the
   low bits, `unlentMark` in the high one (1 << 62 in Swift). Acted on by
   the owner only (its delivery loop's loads); counted in by any thread,
   counted out and marked by the owner. */
#define UNLENT_MARK 128
byte lendingWord;
/* Owner only: `blocks`, the borrowed copy at each index (the subscriber
   whose `next` block it is), or EMPTY (a null function pointer) */
byte blocks[NSUBS];
/* M85c: (a mutation adds its late count-in flags here) */
#endif

/* Ghosts */
byte freed[NSUBS];                      /* times the slot's entry was released */
byte heard[NSUBS * 2]; byte heardLen[NSUBS];
bit  gone[NSUBS];                       /* disposed from inside a delivery */
bit  returned[NSUBS];                   /* the subscriber's dispose() returned */
bit  xGoneAtSend[2];                    /* X's returned before sendNext(v) was called */
#ifdef LENDING
bit  inFlight[6];                       /* an unsubscribe node counted in, not yet out */
#endif
bit  blockRan[NSUBS];
byte done;

#ifdef TWO_DISPOSERS
#define A_DISPOSED 1                    /* A disposed too: freed, no live slot left */
#else
#define A_DISPOSED 0
#endif

#ifdef LENDING
#define LENT_CLEAR(k) blocks[k] = EMPTY   /* the borrowed copy cleared with its slot */
#define COUNT_OUT countOut(n)
#else
#define LENT_CLEAR(k) skip
#define COUNT_OUT
#endif

#ifdef LENDING
/* unsubscribe's `handingOver:`: the count-in (fetch-add 1, release), on the
   disposing thread, before the hand-over */
inline countIn(n) {
    atomic {
        assert((lendingWord & (UNLENT_MARK - 1)) < UNLENT_MARK - 1);
        lendingWord++;
        inFlight[n] = 1;
        if :: inFlight[2] && inFlight[5] -> probe(27) :: else fi   /* D's and D2's both */
    }
}

/* apply(.unsubscribe)'s count-out (fetch-sub 1, relaxed), after remove:
   each matches the count-in of the same unsubscribe, made before it (so
   the count never goes below 0) */
inline countOut(n) {
    atomic {
        assert(inFlight[n] && (lendingWord & (UNLENT_MARK - 1)) > 0);
        lendingWord--; inFlight[n] = 0
    }
}
#endif

/* RACSubjectSlot.release(): the subscription and its sink let go of */
inline release(s) {
    freed[s]++;
    assert(freed[s] == 1)
}

/* compact(): the live slots to the front, in order, their indices updated */
inline compact() {
    d_step {
        probe(13);
        tmp2 = 0; live = 0;
        do
        :: tmp2 < slotCount ->
           if
           :: slot[tmp2] != EMPTY ->
              idx[slot[tmp2]] = live;                  /* M83 */
              slot[live] = slot[tmp2];
#ifdef LENDING
              blocks[live] = blocks[tmp2];
              if :: blocks[live] == EMPTY -> keepMark = 1 :: else fi;   /* a sink not lent */
#endif
              live++
           :: else
           fi;
           tmp2++
        :: else -> break
        od;
        tmp2 = live;
        do :: tmp2 < slotCount -> slot[tmp2] = EMPTY; LENT_CLEAR(tmp2); tmp2++ :: else -> break od;
        slotCount = live; emptySlots = 0;
#ifdef LENDING
        /* no hole now: the mark stays only for a sink not lent
           (updateUnlentMark's fetch-and, one step as in remove) */
        if :: !keepMark && (lendingWord & UNLENT_MARK) -> probe(25); lendingWord = lendingWord & (UNLENT_MARK - 1) :: else fi;
        keepMark = 0;
#endif
        tmp2 = 0; live = 0
    }
}

/* remove(_:): empties the subscriber's slot (unless it is not in one),
   releases the entry and compacts once half the slots are empty; never
   during a delivery (see the top) */
inline remove(s) {
    d_step {
        assert(!isDelivering);
        if
        :: idx[s] != NOINDEX && idx[s] < slotCount && slot[idx[s]] == s ->
           if :: idx[s] != s -> probe(17) :: else fi;   /* moved by a compaction (each starts at its id) */
           slot[idx[s]] = EMPTY;
           LENT_CLEAR(idx[s]);
#ifdef LENDING
           /* a hole below the count: the mark (updateUnlentMark: a relaxed
              load, and a relaxed fetch-or if the mark was clear; one step
              with the owner's own writes: only owners write the mark, no
              other thread reads the word, and a count-in commutes with it) */
           lendingWord = lendingWord | UNLENT_MARK;                  /* M87 */
#endif
           idx[s] = NOINDEX;
           emptySlots++;
           release(s);
           doCompact = (emptySlots >= CMIN && emptySlots * 2 >= slotCount)
        :: else -> skip                                /* not in a slot: `sink = nil` */
        fi
    };
    if :: doCompact -> doCompact = 0; compact() :: else fi
}

/* handOver(_:untilApplied:_:) as the owner's own call takes it (Serializer.swift):
   no wait (a thread never waits for a serializer it is inside:
   `racs_owns_serializer`; here it is not even overloaded, asserted: term
   and backlog 9, the retiring bit never set); push, then the fetch-add,
   which finds the count above 0 (this thread is inside), so the call
   returns; the drain this thread is
   in applies the node after the current operation. (The model cannot
   inline serializer.pml's handOver here: it contains drain, which
   contains apply_op.) */
inline ownerHandsOver(n) {
    d_step { assert(!retiring && count < BACKLOG) }
    push(n, 0);
    atomic { assert(count != 0); count++ }
}

/* A disposal made by a block, on the owner's thread, inside the delivery:
   the subscription's dispose() sets the sink's disposed bit (markEnded,
   fetch-or), then didDispose's unsubscribe: perform, whose tryEnter fails
   (this thread is inside), so handOver. */
inline blockDisposes(s, n) {
    atomic { disposed[s] = 1; gone[s] = 1 }
#ifdef LENDING
    countIn(n); ownerHandsOver(n);                    /* M85d */
#else
    ownerHandsOver(n);                                 /* M82 */
#endif
    returned[s] = 1
}

/* hear(s, v): the sink's receive; the ghost checks */
inline hear(s, v) {
    assert(!gone[s]);                                  /* nothing after a disposal inside a delivery (M84x) */
    assert(!returned[s]);                              /* no call begins after its dispose() returned (M84x) */
    assert(!(s == X && xGoneAtSend[v]));               /* nothing of a send begun after dispose() returned */
    heard[s * 2 + heardLen[s]] = v; heardLen[s]++
}

/* One step of the delivery through the slot at i, as `deliver(_:)` makes
   it: the slot read afresh; if not empty, the sink's sendNext (its disposed
   bit: one acquire load) and then, inside the call, its block. */
inline throughSink(v) {
    atomic {
        sub = slot[i];
        if
        :: sub != EMPTY ->
           assert(freed[sub] == 0);                    /* the entry the slot holds is alive */
           /* X's slot is gone by a send that began after its dispose()
              returned: the serializer applies the unsubscribe, handed
              over before, first (stronger than "hears nothing") */
           assert(!(sub == X && xGoneAtSend[v]));
           if
           :: !disposed[sub] -> hear(sub, v); heardNow = 1   /* M80 */
           :: else ->
              if :: sub == X -> probe(11) :: else fi;
#ifdef LENDING
              if :: lentCalls -> probe(23) :: else fi;
              if :: lentCalls && sub == X && !xAtStart && returned[X] -> probe(24) :: else fi;
#endif
              skip
           fi
        :: else
        fi
    }
}

/* deliver(_:) with sendNext (deliverNext): every slot below the count it
   started with, read afresh at each step, through its sink (throughSink);
   with LENDING, by the lent block while the lending word, loaded before
   every call, is 0, and through the sinks from the first nonzero load on.
   The slot's sink is used unretained until the call returns. */
inline deliver(v) {
    isDelivering = 1;
    d_step {
        endI = slotCount; i = 0;
#ifdef LENDING
        xAtStart = returned[X];                        /* ghost */
#endif
        skip                                           /* M84a */
    }
    do
    :: i < endI ->
#ifdef LENDING
       /* the word's acquire load, before every call; the call begins
          there (one step): a dispose() that returns after it returns
          while the call is under way */
       atomic {
           if :: !slow -> wordSeen = lendingWord :: else fi;   /* M84 */
           if
           :: !slow && wordSeen == 0 ->
              sub = blocks[i];
              assert(sub != EMPTY);                    /* a null block: the mark was clear over a hole or an unlent sink */
              assert(slot[i] == sub);                  /* the copy is the block of the sink the slot holds */
              assert(freed[sub] == 0);
              probe(21);
              hear(sub, v); heardNow = 1; lentCalls = 1
           :: !slow && wordSeen != 0 ->
              if :: lentCalls -> probe(22) :: else fi;
              slow = 1                                 /* the rest of this delivery through the sinks */
           :: else
           fi
       }
       if :: slow -> throughSink(v) :: else fi;
#else
       throughSink(v);
#endif
       if
       :: heardNow && sub == A && !blockRan[A] -> blockRan[A] = 1; blockDisposes(C, 3)
       :: heardNow && sub == E && !blockRan[E] -> blockRan[E] = 1; blockDisposes(E, 4)
       :: else
       fi;
       /* the call returns: its sink, unretained, was in use until now */
       skip;
       d_step {
           if :: sub != EMPTY -> assert(freed[sub] == 0) :: else fi;
           heardNow = 0; sub = 0; i++
       }
    :: else -> break
    od;
    skip;
    d_step {
        isDelivering = 0; i = 0; endI = 0;
#ifdef LENDING
        slow = 0; wordSeen = 0; lentCalls = 0; xAtStart = 0;
#endif
        skip
    }
}

/* apply(_:) (RACSubjectCore.swift): .next → deliverNext, .unsubscribe → remove */
inline apply_op(n) {
    if
    :: n < 2 -> deliver(n)
    :: n == 2 ->
       if :: owner == 1 -> probe(12) :: else -> probe(14) fi;   /* applied by D itself, or by the owner */
       remove(X); COUNT_OUT                           /* M86 */
    :: n == 3 -> remove(C); COUNT_OUT                 /* M86 */
    :: n == 4 -> remove(E); COUNT_OUT                 /* M86 */
    :: n == 5 -> remove(A); COUNT_OUT                 /* M86 */
    fi
}

#ifdef LENDING
/* perform's `now:` (unsubscribe's, sendNext's): the operation applied by
   the caller that entered the idle serializer: deliverNext, or remove
   alone (an unsubscribe applied now was never counted in) */
inline perform_now(n) {
    if
    :: n < 2 -> deliver(n)
    :: n == 2 -> probe(26); remove(X)
    :: n == 5 -> remove(A)
    fi
}

/* perform's `handingOver:`: unsubscribe counts itself in (sendNext passes
   none) */
inline handing_over(n) {
    if :: n == 2 || n == 5 -> countIn(n) :: else fi   /* M85 */
}
#endif

#define UNSUB_LOCALS \
    SERIALIZER_LOCALS; \
    byte i, endI, sub, tmp2, live, wordSeen; \
    bit heardNow, doCompact, ua, mustc, inside, holds, slow, lentCalls, xAtStart, keepMark

/* S: sendNext(v0), sendNext(v1) */
proctype sender(byte me) {
    UNSUB_LOCALS;
    byte k = 0;
    do
    :: k < 2 ->
       xGoneAtSend[k] = returned[X];                  /* ghost: the send begins */
       perform(k, ua, inside, holds, mustc);
       k++
    :: else -> break
    od;
    done++
}

/* D (D2): the subscription of `whom`, X (A), disposed, its unsubscribe
   node `unsub`: the sink first (markEnded), then didDispose's unsubscribe
   (the subject has not ended it) */
proctype disposer(byte me; byte whom; byte unsub) {
    UNSUB_LOCALS;
#ifdef LENDING
    (heardLen[whom] > 0);                              /* once it heard v0: racing v1's delivery */
#endif
    atomic { disposed[whom] = 1 }
    perform(unsub, ua, inside, holds, mustc);
    returned[whom] = 1;                                /* M85b */
    done++
}

init {
    byte j, live0;
    atomic {
        j = 0;
        do :: j < NSUBS -> slot[j] = j; idx[j] = j; j++ :: else -> break od;
#ifdef LENDING
        /* insert's lendBlock: each block subscriber's copy; with UNLENT, C
           is an operator's sink (none lent), so the mark is set */
        j = 0;
        do :: j < NSUBS -> blocks[j] = j; j++ :: else -> break od;
#ifdef UNLENT
        blocks[C] = EMPTY; lendingWord = UNLENT_MARK;
#endif
        j = 0;
#endif
        run sender(0);
        run disposer(1, X, 2);
#ifdef TWO_DISPOSERS
        run disposer(3, A, 5);
#endif
        skip
    }
    (done == NTHREADS - 1);
    d_step {
        assert(top == NIL && qhead == NIL && !isDelivering);
        /* each heard a prefix of the one order, once each */
        j = 0;
        do
        :: j < NSUBS ->
           if :: heardLen[j] > 0 -> assert(heard[j * 2] == 0) :: else fi;
           if :: heardLen[j] > 1 -> assert(heard[j * 2 + 1] == 1) :: else fi;
           j++
        :: else -> break
        od;
#ifdef TWO_DISPOSERS
        assert(heardLen[A] >= 1);                      /* v0, before D2 disposed it */
#else
        assert(heardLen[A] == 2);                      /* never disposed: every value */
#endif
        assert(heardLen[E] == 1);                      /* its first, then disposed itself */
        assert(heardLen[C] == 0);                      /* disposed before its slot was reached (M84x) */
        /* every removed one freed exactly once, the live one never */
        assert(freed[X] == 1 && freed[C] == 1 && freed[E] == 1 && freed[A] == A_DISPOSED);
        /* the slots agree with slotCount, emptySlots and the indices */
        live0 = 0; j = 0;
        do
        :: j < slotCount -> if :: slot[j] != EMPTY -> live0++; assert(idx[slot[j]] == j) :: else fi; j++
        :: else -> break
        od;
        assert(live0 + emptySlots == slotCount && live0 == 1 - A_DISPOSED);
        do :: j < NSUBS -> assert(slot[j] == EMPTY); j++ :: else -> break od;
#ifdef LENDING
        /* every count-in counted out; the mark set exactly while a slot
           below the count is empty or not lent; each live slot's copy its
           own sink's block */
        assert((lendingWord & (UNLENT_MARK - 1)) == 0);
        live0 = 0; j = 0;
        do
        :: j < slotCount ->
           if :: slot[j] == EMPTY || blocks[j] == EMPTY -> live0 = 1 :: else fi;
           if :: slot[j] != EMPTY && blocks[j] != EMPTY -> assert(blocks[j] == slot[j]) :: else fi;
           j++
        :: else -> break
        od;
        assert(((lendingWord & UNLENT_MARK) != 0) == (live0 == 1));
        assert(heardLen[X] >= 1);
#endif
        skip
    }
}
