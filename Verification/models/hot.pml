/*
 * A hot signal's connection (RACHotConnector), as
 * Sources/RACSwift/Hot/RACHotConnector.swift implements it: the subscriber
 * whose arrival takes the count from 0 to 1 starts a generation and
 * connects it on its own thread; the one whose departure takes it back to
 * 0 cancels that generation on its own thread. The two may run in either
 * order, and a later generation's connect may run before an earlier one's
 * cancel.
 *
 * Threads: NSUB subscribers, each arriving NSESS times in a row, each
 * arrival's departure a thread of its own (a `Leaver`) that may run at
 * once, during the connect (a terminal event, a block that disposes its
 * own subscription) or later: generations begin and end while others'
 * connects and cancels are still running. A connection's subscription to the source is
 * RACSerialDisposable's: set after the cancel, it is disposed at once (one
 * step here, as `replace(with:unlessCurrentIs:)` is one compare-exchange).
 *
 * Steps, as in the Swift:
 *   arrive:  one CAS on the occupancy word (count, generation): 0 -> 1
 *            starts generation g + 1, and this thread connects it
 *            (`RACHotSignal.subscribe(sink:)`, before it makes the
 *            subscription: its end, the leave, may come at once);
 *   connect: publish g's connection in `published` unless a newer
 *            generation's is there (then g has ended: cancel g), cancel
 *            the one replaced (older: ended), load `cancelledThrough`: if
 *            g is cancelled already, cancel g; else subscribe to the
 *            source into g's serial disposable;
 *   leave:   (`RACHotSubscription.didDispose()`: once, however the
 *            subscription ends, on the thread that ends it)
 *            one fetch-sub on the occupancy word: 1 -> 0 ends generation
 *            g, and this thread raises `cancelledThrough` to g (a CAS
 *            loop: one step when it wins), then loads `published` and
 *            cancels it if its generation is g or older.
 *
 * Properties:
 *   - a connection is cancelled only once its generation has ended (its
 *     count returned to 0): no subscriber loses its connection early;
 *   - at the end (every subscriber gone), no connection is subscribed (no
 *     leak), and each generation's connection was cancelled;
 *   - no invalid end state.
 * Sequentially consistent interleavings: the Swift's `published` exchange
 * and load and `cancelledThrough`'s CAS and load are seq_cst (the
 * store-buffering pair the file's comment argues).
 *
 * Mutation sites carry a comment "Mk" (Verification/mutate edits them).
 * With -DPROBE=k, step k reports itself as an error (a reachability probe):
 * 1 a connector cancels the connection it replaced, still subscribed;
 * 2 a connector finds its own generation cancelled already;
 * 3 a canceller finds a newer generation published and leaves it alone;
 * 4 a connector finds a newer generation published (it connects late).
 */

#ifndef NSUB
#define NSUB 2
#endif
#ifndef NSESS
#define NSESS 2
#endif
#define NGEN (NSUB * NSESS + 1)
#ifndef PROBE
#define PROBE 0
#endif
#define probe(k) assert(PROBE != k)

byte count = 0;            /* the occupancy word: subscribers ... */
byte generation = 0;       /* ... and the newest generation (0: none yet) */
byte cancelledThrough = 0; /* the newest generation whose count returned to 0 */
byte published = 0;        /* the generation of the connection published last */
bool ended[NGEN];          /* generation g's count returned to 0 */
bool cancelled[NGEN];      /* g's serial disposable disposed */
bool subscribed[NGEN];     /* g's subscription to the source is live */

inline cancel(g) {
    d_step {
        assert(ended[g]);              /* never while g has subscribers */
        cancelled[g] = true;
        subscribed[g] = false
    }
}

proctype Leaver() {
    byte mine = 0, replaced;
    atomic {
        count--;
        if :: count == 0 -> mine = generation; ended[mine] = true :: else -> skip fi
    }
    if
    :: mine != 0 ->
        /* raise cancelledThrough to mine, then look at published */
        atomic { if :: cancelledThrough < mine -> cancelledThrough = mine :: else -> skip fi }   /* M104 */
        replaced = published;
        if
        :: replaced != 0 && replaced <= mine -> cancel(replaced)   /* M105 */
        :: replaced > mine -> probe(3)
        :: else -> skip
        fi
    :: else -> skip
    fi
}

proctype Subscriber() {
    byte session = 0, mine, replaced;
    do
    :: session < NSESS ->
        /* arrive */
        mine = 0;
        atomic {
            if
            :: count == 0 -> generation++; mine = generation   /* M100 */
            :: else -> skip
            fi;
            count++
        }
        /* the leave, which may come while this thread connects (a
           terminal event, the subscriber's own block disposing it) */
        run Leaver();
        if
        :: mine != 0 ->
            /* connect: publish unless a newer generation has (a CAS loop:
               its winning step), cancel the replaced one */
            atomic {
                replaced = published;
                if
                :: replaced > mine -> skip       /* M101 */
                :: else -> published = mine
                fi
            }
            if
            :: replaced > mine ->
                /* a newer generation began, so this one has ended */
                cancel(mine)
            :: replaced != 0 && replaced < mine ->
                if :: subscribed[replaced] -> probe(1) :: else -> skip fi;
                cancel(replaced)                                  /* M102 */
            :: else -> probe(4)
            fi;
            /* then look: cancelled already? */
            if
            :: replaced > mine -> skip
            :: cancelledThrough >= mine -> probe(2); cancel(mine)   /* M103 */
            :: else ->
                /* subscribe into the serial disposable */
                d_step { if :: !cancelled[mine] -> subscribed[mine] = true :: else -> skip fi }
            fi
        :: else -> skip
        fi;
        session++
    :: else -> break
    od
}

init {
    byte i;
    atomic { for (i : 1 .. NSUB) { run Subscriber() } }
    timeout ->   /* every subscriber has gone */
    for (i : 1 .. NGEN - 1) {
        assert(!subscribed[i]);                                 /* no leak */
        assert(i > generation || cancelled[i])
    }
}
