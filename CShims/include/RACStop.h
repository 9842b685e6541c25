// The stop for a misuse of RACSwift: its message reaches standard error in
// every build configuration (see Sources/RACSwift/RACMisuse.swift).

#ifndef RACSWIFT_STOP_H
#define RACSWIFT_STOP_H

/// Writes `message` to standard error with one `write`, so that it arrives
/// whole among other threads' output, then stops the program with a trap,
/// as a failed precondition does.
__attribute__((noreturn, cold)) void racs_stop(const char *_Nonnull message);

#endif
