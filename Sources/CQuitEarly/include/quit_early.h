#ifndef COVE_QUIT_EARLY_H
#define COVE_QUIT_EARLY_H
/// 1 if SIGINT and SIGTERM were blocked by a constructor before main ran (see quit_early.c).
int cove_quit_signals_blocked_before_main(void);
#endif
