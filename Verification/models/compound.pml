/*
 * The compound disposable (RACCompoundDisposable), as
 * Sources/RACSwift/Disposables/RACCompoundDisposable.swift implements it,
 * over its disposal's once flag (Sources/RACSwift/Atomics/OnceFlag.swift)
 * and its serializer (serializer.pml, included as a library).
 *
 * Threads, one call each (-D picks the configuration):
 *   default     add(c1) | remove(c0) | dispose() | dispose()      (c0 held from init)
 *   TERMINAL    add(c1) | dispose() | the sink's terminal event, dispose(endedBy: sink)
 *   EMPTY       add(c1), then dispose() | remove(c2) | dispose()  (never held a child:
 *               hasNothingToDispose; c2 was never added, so the remove changes
 *               nothing but keeps the serializer busy)
 *   DEINIT      remove(c2) | dispose() | dispose(), where the last reference to
 *               c2 is remove's operation and c2's deinit disposes the compound
 *               (RACScopedDisposable's deinit), on whichever thread lets go of
 *               the applied node (drain's `spent`, after it left)
 * Properties: every child added before a dispose() call (its add returned,
 * no remove began) is disposed, and the primary child too, when that call
 * returns, for every call (first, second, racing the terminal event); no
 * child is disposed twice; a child added after the disposal is disposed by
 * its add; no invalid end state (no call waits forever).
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 */

#ifndef NTHREADS
#if defined(EMPTY) || defined(TERMINAL) || defined(DEINIT)
#define NTHREADS 3
#else
#define NTHREADS 4
#endif
#endif
#define OPS 2                               /* a call, and a deinit's dispose() after it */
#define nodeThread(n) ((n) % NTHREADS)      /* thread t's k-th operation is node t + k * NTHREADS */
#define nodeSeq(n) ((n) / NTHREADS)
#define TERM 2
#define BACKLOG 2
#define SERIALIZER_LIBRARY
#include "serializer.pml"

/* The children (first, second, and `more`, a RACChildList): a set of child
 * ids. Since round 4 `more` keeps slots in the order added and an index from
 * a child's identity to its slots, compacting as it goes; all of it is read
 * and written by the serializer's owner alone (or before the compound is
 * shared), as the set is here, so the protocol is the same over either:
 * what a removal takes out, and when, is decided by the serializer's order,
 * which this model explores. The list's own invariants (order, every
 * occurrence removed, compaction) are single-threaded: CompoundManyChildrenTests;
 * under a racing disposal: the controlled scenario compound-indexed-remove-dispose. */
#define C0 1
#define C1 2
#define C2 4
byte held;                  /* RACCompoundDisposable.first/second/more */
byte childDisposed[3];      /* ghost: how often each child was disposed */
byte primaryDisposed;       /* ghost: the primary child (the subscription's sink) */

/* `children` (word 4): Children.never, held, disposedEmpty, disposedInside */
#define NEVER 0
#define HELD 1
#define DISPOSED_EMPTY 2
#define DISPOSED_INSIDE 3
byte children = NEVER;

/* The disposal's once flag over the state word: 0, a runner's token (odd:
   (thread id + 1) * 8 + 1, plus RACOnceFlag.runnerWaits = 4 while it waits), or
   DONE. Bit 0 is `isDisposed`. */
#define DONE 1
#define RUNNER_WAITS 4
byte disposal;

/* The operations, by node (= thread): what each thread's call hands over. */
#define OP_ADD 0
#define OP_REMOVE 1
#define OP_DISPOSE_ALL 2
#define OP_BARRIER 3
byte opKind[NODES];
byte opChild[NODES];        /* the child an add or remove carries */

byte c2ReleasedBy = NIL;    /* DEINIT: the thread that let go of remove(c2)'s node */
bit  addReturned[3];        /* ghost: add(c) returned */
bit  removeBegun[3];        /* ghost: remove(c) was called */
byte done;

/* What a child's dispose() does besides (inner.pml: stops the sink). */
#ifndef childDisposedHook
#define childDisposedHook(c) skip
#endif

inline disposeChild(c) {
    /* a child's dispose(): counted, and it must come once */
    childDisposed[c]++;
    assert(childDisposed[c] == 1);
    childDisposedHook(c)
}

/* holdsChildFromNow() (RACCompoundDisposable.swift): inside the serializer,
   before storing a child: held, or claim never -> held; false if a
   disposal came first. */
inline holdsChildFromNow(ok) {
    atomic {
        if
        :: children == HELD -> ok = true
        :: children == NEVER -> children = HELD; ok = true
        :: else -> ok = false              /* M20 */
        fi
    }
}

/* apply(_:) (RACCompoundDisposable.swift): insert, erase, disposeChildren. */
inline apply_op(n) {
    if
    :: opKind[n] == OP_ADD ->
       /* insert(_:) */
       holdsChildFromNow(okc);
       d_step {
           if
           :: okc -> held = held | (1 << opChild[n])
           :: else -> disposeChild(opChild[n])
           fi;
           okc = 0                          /* dead from here: one state */
       }
    :: opKind[n] == OP_REMOVE ->
       /* erase(_:); the applied node is let go of after the drain (spent) */
       d_step {
           held = held & ~(1 << opChild[n]);
           if :: opChild[n] == 2 -> c2ReleasedBy = me :: else fi
       }
    :: opKind[n] == OP_DISPOSE_ALL ->
       /* disposeChildren(): children = disposedInside; take and dispose all */
       d_step {
           children = DISPOSED_INSIDE;
           tmp = 0;
           do
           :: tmp < 3 ->
              if :: held & (1 << tmp) -> disposeChild(tmp) :: else fi;
              tmp++
           :: else -> break
           od;
           held = 0;                        /* M21 */
           tmp = NIL
       }
    :: opKind[n] == OP_BARRIER ->
       /* .barrier: changes nothing */
       skip
    fi
}

/* RACOnceFlag.awaitDone (OnceFlag.swift), as awaitDisposal calls it
   (breakingCycles): a waiter that holds something marks it and does not
   wait for a runner that waits itself. In these harnesses a waiter holds
   nothing (the deinit runs after the drain left), so it waits until done. */
inline awaitDisposal() {
    (disposal == DONE)                     /* M22 */
}

/* dispose(endedBy:) (RACCompoundDisposable.swift). `endedBy`: the call is
   the primary sink's own (its terminal event). */
inline dispose(endedBy, node) {
    /* ghost: what must be disposed when this call returns: every child
       whose add returned before the call, unless a remove takes it out */
    d_step {
        mustDispose = 0;
        tmp = 0;
        do
        :: tmp < 3 ->
           if :: addReturned[tmp] && !removeBegun[tmp] ->
                 mustDispose = mustDispose | (1 << tmp)
           :: else
           fi;
           tmp++
        :: else -> break
        od;
        tmp = NIL
    }
    /* RACOnceFlag.claim(): load, compare-exchange 0 -> token|1 */
    atomic {
        seenFlag = disposal;
        if
        :: (disposal & 1) == 0 -> disposal = (me + 1) * 8 + 1; claimed = true
        :: else -> claimed = false
        fi
    }
    if
    :: claimed ->
       /* Self.dispose(&primary, unless: sink) */
       /* (a terminal event's sink has stopped itself: either way it is
          stopped once, on this thread, before the children) */
       primaryDisposed++;
       /* hasNothingToDispose: never held; serializer idle (acquire load);
          compare-exchange never -> disposedEmpty */
       atomic {
           nothing = false;
           if
           :: children == NEVER && count == 0 ->   /* M23 */
              children = DISPOSED_EMPTY; nothing = true
           :: else
           fi
       }
       if
       :: !nothing ->
          d_step { opKind[node] = OP_DISPOSE_ALL; ua = true; mustc = true; holds = true }
          perform(node, ua, inside, holds, mustc)
       :: else
       fi;
       /* didDispose(); disposal.finish(): store done (release) */
       disposal = DONE
    :: !claimed && seenFlag != DONE ->
       awaitDisposal()
    :: else                                 /* done already */
    fi;
    /* awaitChangesHandedOverBefore(), for a call that did not run the
       disposal: unless the serializer is idle (acquire load), a no-op
       operation, waited for until applied, after every change handed over
       before this call (an add that returned before it may have been
       handed over after the disposal's own operation: F1). Modelled as a
       wait that completes: its give-up on a stuck owner is the serializer
       model's to check. */
    if
    :: !claimed && count != 0 ->            /* M24 */
       d_step { opKind[node] = OP_BARRIER; ua = true; mustc = true; holds = false }
       perform(node, ua, inside, holds, mustc)
    :: else
    fi;
    /* Complete disposal (docs/Concurrency.md point 13): for every call */
    d_step {
        assert(primaryDisposed == 1);
        tmp = 0;
        do
        :: tmp < 3 ->
           /* (a remove racing this call may take the child out first) */
           assert(!(mustDispose & (1 << tmp)) || childDisposed[tmp] == 1 || removeBegun[tmp]);
           tmp++
        :: else -> break
        od;
        tmp = NIL;
        /* the call's scratch registers are dead now: cleared, so that
           states that differ only in them are one state */
        mustDispose = 0; seenFlag = 0; claimed = 0; nothing = 0; ua = 0; mustc = 0; holds = 0
    }
}

/* add(_:) (RACCompoundDisposable.swift): disposed already, dispose the
   child at once; else through the serializer (insertThroughSerializer).
   `node`: the calling thread's node for this call. */
inline add(c, node) {
    if
    :: disposal & 1 ->
       /* (ghost: the node is not handed over; the thread's next one follows) */
       atomic { disposeChild(c); lastApplied[nodeThread(node)]++ }
    :: else ->
       d_step { opKind[node] = OP_ADD; opChild[node] = c }
       perform(node, ua, inside, holds, mustc)
    fi;
    /* A later dispose() must find its child disposed: every add that
       returned (point 13), also one handed over after the disposal began
       (docs/Verification.md, F1). */
    addReturned[c] = 1
}

/* remove(_:) (RACCompoundDisposable.swift): not disposed: through the
   serializer. */
inline remove(c, node) {
    removeBegun[c] = 1;
    if
    :: disposal & 1 ->                      /* guard !isDisposed */
       lastApplied[nodeThread(node)]++      /* (ghost, as in add) */
    :: else ->
       d_step { opKind[node] = OP_REMOVE; opChild[node] = c }
       perform(node, ua, inside, holds, mustc)
    fi
}

/* c2's deinit, on the thread that let go of remove(c2)'s node: disposes
   the compound (a plain call: that thread has left the serializer). */
inline deinitHook() {
#ifdef DEINIT
    if
    :: c2ReleasedBy == me -> c2ReleasedBy = NIL; dispose(false, me + NTHREADS)
    :: else
    fi
#else
    skip
#endif
}

#define COMPOUND_LOCALS \
    SERIALIZER_LOCALS; \
    bit ua, mustc, inside, holds, claimed, nothing, okc; \
    byte mustDispose, seenFlag

#ifndef COMPOUND_LIBRARY
/* ---- The harness, unless COMPOUND_LIBRARY (inner.pml includes the
   compound as a library and brings its own threads). ---- */
proctype adder(byte me) {
    COMPOUND_LOCALS;
    add(1, me);   /* node: thread me's first */
    deinitHook();
    done++
}

proctype adderThenDisposer(byte me) {
    COMPOUND_LOCALS;
    add(1, me);   /* node: thread me's first */
    dispose(false, me + NTHREADS);
    done++
}

proctype remover(byte me; byte c) {
    COMPOUND_LOCALS;
    remove(c, me);
    deinitHook();
    done++
}

proctype disposer(byte me; bit endedBy) {
    COMPOUND_LOCALS;
    dispose(endedBy, me);
    deinitHook();
    done++
}

init {
    byte i;
    atomic {
#if defined(EMPTY)
        run adderThenDisposer(0); run remover(1, 2); run disposer(2, false)
#elif defined(TERMINAL)
        held = C0; children = HELD; addReturned[0] = 1;
        run adder(0); run disposer(1, false); run disposer(2, true)
#elif defined(DEINIT)
        held = C0 | C2; children = HELD; addReturned[0] = 1; addReturned[2] = 1;
        run remover(0, 2); run disposer(1, false); run disposer(2, false)
#else
        held = C0; children = HELD; addReturned[0] = 1;
        run adder(0); run remover(1, 0); run disposer(2, false); run disposer(3, false)
#endif
    }
    (done == NTHREADS);
    d_step {
        /* at the end: disposed, every child still held disposed, none twice,
           the serializer idle */
        assert(disposal == DONE && primaryDisposed == 1);
        assert(held == 0);
        i = 0;
        do
        :: i < 3 -> assert(childDisposed[i] <= 1); i++
        :: else -> break
        od;
        assert(count == 0 && top == NIL && qhead == NIL)
    }
}
#endif
