/*
 * The inner registration of flattenMap, flatten and concat (RACInnerSink),
 * as Sources/RACSwift/Operators/RACInnerSink.swift implements it: the
 * subscribing thread and the inner signal's completion decide, by the
 * sink's word 4, which of them takes the inner subscription's entry out of
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
 * The group is abstracted as a linearizable set with RACCompoundDisposable's
 * add/remove/dispose semantics: each call reads `isDisposed` (one step) and
 * then, unless that answered for it, its change is applied in one later
 * step (insert: stores the child, or disposes it if disposeChildren came
 * first; erase; disposeChildren: disposes and drops what is held). The
 * serializer applies the changes in the order they were handed over, each
 * thread's in its order, and a change handed over before a dispose() began
 * is applied before its disposeChildren (compound.pml checks that); here a
 * change is applied at one point between its isDisposed read and its
 * return, which gives the same orders. (F1, an add applied after it
 * returned, does not change what this protocol decides: the entry is
 * stored or disposed either way, before any removal of it is applied.)
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

#ifndef PROBE
#define PROBE 0
#endif
#define probe(k) assert(PROBE != k)

/* RACInnerSink.Registration, the values of word 4 */
#define SUBSCRIBING 0
#define ENDED 1
#define IN_GROUP 2
byte registration = SUBSCRIBING;

bit entry;                  /* RACInnerSink.entry: the subscription, or nil */
bit sinkEnded;              /* RACSubscriptionSink.markEnded(): the sink's end mark */

/* The group: RACCompoundDisposable, abstracted (see above) */
bit isDisposed;             /* the disposal's once flag claimed (isDisposed) */
bit childrenGone;           /* disposeChildren applied: children disposedInside */
bit held;                   /* the inner subscription is among the children */

/* ghosts */
bit subscribed;             /* inner.subscribe(sink:) was called: the inner runs */
bit completed;              /* receiveCompleted ran */
bit addCalled;              /* register called group.add(subscription) */
byte removals;              /* calls of group.remove with the subscription */
byte groupDisposals;        /* the group disposed the subscription */
bit subscriberOwnsEntry;    /* S may write `entry` (until it publishes inGroup) */
byte done;

/* The subscription's dispose(), when the group disposes it: stops the sink
   (its end mark; a completion after it is not delivered). */
inline groupDisposesSubscription() {
    groupDisposals++;
    assert(groupDisposals == 1);
    sinkEnded = 1
}

/* RACCompoundDisposable.add(_:): disposed already: dispose at once; else
   insertThroughSerializer, applied as insert(_:): holdsChildFromNow, or
   dispose it if disposeChildren came first. */
inline groupAdd() {
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
inline groupRemove(e) {
    assert(e == 1);         /* remove(nil) is ignored: the entry would stay */
    removals++;
    assert(removals == 1);  /* never taken out twice */
    if
    :: isDisposed -> skip
    :: else -> held = 0
    fi
}

/* S: RACInnerSink.subscribe(_:passingTo:in:onCompleted:) and register(_:) */
proctype subscriber() {
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
    groupAdd();
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
    :: !swapped -> probe(1); groupRemove(1)  /* M51 */
    :: else
    fi;
out:
    subscriberOwnsEntry = 0;
    done++
}

/* C: the inner's completion: deliverCompleted (terminate: the sink's end
   mark, then disposeSubscription) -> RACInnerSink.receiveCompleted */
proctype completer() {
    byte seen;
    if
    :: (subscribed) ->
       /* terminate(): markEnded() wins over a disposal or not at all */
       if
       :: atomic { !sinkEnded -> sinkEnded = 1 } ->
          /* registration.exchange(ended, .acq_rel) */
          atomic { seen = registration; registration = ENDED; completed = 1 }  /* M52 */
          if
          :: seen == IN_GROUP ->                /* M53 */
             /* group.remove(entry); entry = nil */
             probe(3);
             assert(!subscriberOwnsEntry);
             groupRemove(entry);
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

/* D: the group's dispose(): claim the once flag (isDisposed from here),
   then disposeChildren applied (RACCompoundDisposable.dispose(endedBy:)). */
proctype disposer() {
    if
    :: true ->
       isDisposed = 1;
       atomic {
           childrenGone = 1;
           if :: held -> held = 0; groupDisposesSubscription() :: else fi
       }
    :: true                                 /* the group is not disposed */
    fi;
    done++
}

init {
    atomic { run subscriber(); run completer(); run disposer() }
    (done == 3);
    d_step {
        /* no leak: an inner that completed has no entry in the group */
        assert(!(completed && held));
        /* taken out exactly once if it completed after its entry was
           added; never otherwise */
        assert(removals == (completed && addCalled -> 1 : 0));
        assert(removals <= 1);
        /* a running inner is in the group, unless the group is disposed */
        assert(completed || isDisposed || held);
        /* the disposal disposes a running inner, exactly once */
        assert(!isDisposed || completed || groupDisposals == 1);
        assert(isDisposed || groupDisposals == 0);
        assert(groupDisposals <= 1)
    }
}
