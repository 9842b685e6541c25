/*
 * The inner registration of flattenMap, flatten and concat (RACInnerSink),
 * as Sources/RACSwift/Operators/RACInnerSink.swift implements it: the
 * subscribing thread and the inner signal's completion decide, by the
 * sink's word 0, which of them takes the inner subscription's entry out of
 * the group (the operator's compound disposable) again; the group's own
 * disposal races both.
 *
 * Threads:
 *   S  RACInnerSink.subscribe: inner.subscribe(sink:), then register(_:)
 *   C  the inner signal's completion, on whichever thread sends it (S's own
 *      inside subscribe, or another: a scheduler's), or no completion at all
 *      (an inner that runs on)
 *   D  the group's dispose() (the whole subscription disposed, an error),
 *      or none
 * C and D choose nondeterministically whether they act, so one run covers
 * an inner that completes or not, in a group that is disposed or not.
 *
 * By default the group is abstracted as a linearizable set with
 * RACCompoundDisposable's add/remove/dispose semantics: each call reads
 * `isDisposed` (one step) and then, unless that answered for it, its
 * change is applied in one later
 * step (insert: stores the child, or disposes it if disposeChildren came
 * first; erase; disposeChildren: disposes and drops what is held). The
 * serializer applies the changes in the order they were handed over, each
 * thread's in its order, and a change handed over before a dispose() began
 * is applied before its disposeChildren (compound.pml checks that); here a
 * change is applied at one point between its isDisposed read and its
 * return, which gives the same orders. (F1, an add applied after it
 * returned, does not change what this protocol decides: the entry is
 * stored or disposed either way, before any removal of it is applied.)
 * With -DREAL_COMPOUND the group is compound.pml's model instead (over the
 * serializer model): the same properties, under the real hand-over orders.
 *
 * Properties:
 *   - the entry is taken out exactly once when the inner completed after
 *     its subscription was added, and never otherwise; never twice; never
 *     a nil entry (remove(nil) would leave the entry in the group);
 *   - at the end, the group holds no entry of an inner that completed
 *     (no leak), and holds the entry of one still running, unless disposed;
 *   - the group's disposal disposes an inner that did not complete exactly
 *     once (none twice, ever); an undisposed group disposes nothing;
 *   - `entry` is never touched by both threads at once;
 *   - no invalid end state.
 * Sequentially consistent interleavings only (see docs/Verification.md for
 * the memory-order pairs the Swift comments argue).
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 * With -DPROBE=k, step k reports itself as an error (a reachability probe):
 * 1 the subscriber's compare-exchange fails (it takes the entry out),
 * 2 the group's disposal meets the subscription in its add,
 * 3 the completion finds inGroup (it takes the entry out).
 */

/* (With REAL_COMPOUND the serializer model's probes share the numbers:
   the probes are for the default configuration.) */
#ifndef PROBE
#define PROBE 0
#endif
#define probe(k) assert(PROBE != k)

/* RACInnerSink.Registration, the values of word 0 */
#define SUBSCRIBING 0
#define ENDED 1
#define IN_GROUP 2
byte registration = SUBSCRIBING;

bit entry;                  /* RACInnerSink.entry: the subscription, or nil */
bit sinkEnded;              /* RACSubscriptionSink.markEnded(): the sink's end mark */

#ifdef REAL_COMPOUND
/* The group: compound.pml's RACCompoundDisposable; the inner subscription
   is its child 1 (C1), and disposing it stops the sink. Threads S, C, D are
   0, 1, 2; S's add is its node 0, its remove node 3, C's remove node 1,
   D's disposeAll node 2. */
#define NTHREADS 3
#define childDisposedHook(c) sinkEnded = 1
#define COMPOUND_LIBRARY
#include "compound.pml"
#define GROUP_DISPOSED (disposal & 1)
#define GROUP_HOLDS_ENTRY (held & C1)
#define GROUP_DISPOSALS childDisposed[1]
#define LOCALS COMPOUND_LOCALS
#else
/* The group: RACCompoundDisposable, abstracted (see above) */
bit isDisposed;             /* the disposal's once flag claimed (isDisposed) */
bit childrenGone;           /* disposeChildren applied: children disposedInside */
bit held;                   /* the inner subscription is among the children */
byte groupDisposals;        /* ghost: the group disposed the subscription */
byte done;
#define GROUP_DISPOSED isDisposed
#define GROUP_HOLDS_ENTRY held
#define GROUP_DISPOSALS groupDisposals
#define LOCALS bit unusedLocal
#endif

/* ghosts */
bit subscribed;             /* inner.subscribe(sink:) was called: the inner runs */
bit completed;              /* receiveCompleted ran */
bit addCalled;              /* register called group.add(subscription) */
byte removals;              /* calls of group.remove with the subscription */
bit subscriberOwnsEntry;    /* S may write `entry` (until it publishes inGroup) */

#ifndef REAL_COMPOUND
/* The subscription's dispose(), when the group disposes it: stops the sink
   (its end mark; a completion after it is not delivered). */
inline groupDisposesSubscription() {
    groupDisposals++;
    assert(groupDisposals == 1);
    sinkEnded = 1
}

/* RACCompoundDisposable.add(_:): disposed already: dispose at once; else
   insertThroughSerializer, applied as insert(_:): holdsChildFromNow, or
   dispose it if disposeChildren came first. `node`: unused here. */
inline groupAdd(node) {
    addCalled = 1;
    if
    :: isDisposed -> atomic { groupDisposesSubscription(); probe(2) }  /* M54 */
    :: else ->
       atomic {
           if
           :: childrenGone -> groupDisposesSubscription(); probe(2)
           :: else -> held = 1
           fi
       }
    fi
}

/* RACCompoundDisposable.remove(_:): `guard !isDisposed`, then erase(_:).
   `e`: the entry it is called with (the subscription, or nil). */
inline groupRemove(e, node) {
    assert(e == 1);         /* remove(nil) is ignored: the entry would stay */
    removals++;
    assert(removals == 1);  /* never taken out twice */
    if
    :: isDisposed -> skip
    :: else -> held = 0
    fi
}

/* The group's dispose(): claim the once flag (isDisposed from here), then
   disposeChildren applied (RACCompoundDisposable.dispose(endedBy:)). */
inline groupDispose(node) {
    isDisposed = 1;
    atomic {
        childrenGone = 1;
        if :: held -> held = 0; groupDisposesSubscription() :: else fi
    }
}
#else
/* compound.pml's add(_:), remove(_:), dispose(), on the thread's node */
inline groupAdd(node) {
    addCalled = 1;
    add(1, node)
}

inline groupRemove(e, node) {
    assert(e == 1);
    removals++;
    assert(removals == 1);
    remove(1, node)
}

inline groupDispose(node) {
    dispose(false, node)
}
#endif

/* S: RACInnerSink.subscribe(_:passingTo:in:onCompleted:) and register(_:) */
proctype subscriber(byte me) {
    LOCALS;
    bit swapped;
    /* inner.subscribe(sink:): the inner runs from here; it may complete
       inside (C's steps, on this thread) or later on another thread */
    d_step { subscribed = 1; subscriberOwnsEntry = 1 }
    /* register: registration.load(.acquire) == subscribing, else return */
    if
    :: registration == SUBSCRIBING
    :: else -> goto out
    fi;
    /* entry = subscription */
    assert(subscriberOwnsEntry);
    entry = 1;
    /* group.add(subscription) */
    groupAdd(me);
    /* compareExchange(subscribing -> inGroup, .acq_rel, .acquire) */
    atomic {
        if
        :: registration == SUBSCRIBING ->      /* M50 */
           registration = IN_GROUP; swapped = 1; subscriberOwnsEntry = 0
        :: else -> swapped = 0; subscriberOwnsEntry = 0
        fi
    }
    /* failed: the completion came meanwhile and left the entry to us */
    if
    :: !swapped -> probe(1); groupRemove(1, me + 3)  /* M51 */
    :: else
    fi;
out:
    subscriberOwnsEntry = 0;
    done++
}

/* C: the inner's completion: deliverCompleted (terminate: the sink's end
   mark, then disposeSubscription) -> RACInnerSink.receiveCompleted */
proctype completer(byte me) {
    LOCALS;
    byte seenWord;
    if
    :: (subscribed) ->
       /* terminate(): markEnded() wins over a disposal or not at all */
       if
       :: atomic { !sinkEnded -> sinkEnded = 1 } ->
          /* registration.exchange(ended, .acq_rel) */
          atomic { seenWord = registration; registration = ENDED; completed = 1 }  /* M52 */
          if
          :: seenWord == IN_GROUP ->                /* M53 */
             /* group.remove(entry); entry = nil */
             probe(3);
             assert(!subscriberOwnsEntry);
             groupRemove(entry, me);
             entry = 0
          :: else
          fi
          /* onCompleted(): the operator's count (not modeled) */
       :: else                              /* disposed first: not delivered */
       fi
    :: true                                 /* the inner does not complete */
    fi;
    done++
}

/* D: the group's dispose() */
proctype disposer(byte me) {
    LOCALS;
    if
    :: true -> groupDispose(me)
    :: true                                 /* the group is not disposed */
    fi;
    done++
}

init {
    atomic { run subscriber(0); run completer(1); run disposer(2) }
    (done == 3);
    d_step {
        /* no leak: an inner that completed has no entry in the group */
        assert(!(completed && GROUP_HOLDS_ENTRY));
        /* taken out exactly once if it completed after its entry was
           added; never otherwise */
        assert(removals == (completed && addCalled -> 1 : 0));
        assert(removals <= 1);
        /* a running inner is in the group, unless the group is disposed */
        assert(completed || GROUP_DISPOSED || GROUP_HOLDS_ENTRY);
        /* the disposal disposes a running inner, exactly once */
        assert(!GROUP_DISPOSED || completed || GROUP_DISPOSALS == 1);
        assert(GROUP_DISPOSED || GROUP_DISPOSALS == 0);
        assert(GROUP_DISPOSALS <= 1)
#ifdef REAL_COMPOUND
        ;
        /* the serializer idle, a disposal complete */
        assert(count == 0 && top == NIL && qhead == NIL);
        assert(!GROUP_DISPOSED || disposal == DONE && held == 0)
#endif
    }
}
