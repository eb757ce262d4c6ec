package io.podtopo.app.cli;

/** The exit codes of every command. */
public final class ExitCodes {

  /** The command did what was asked and found nothing wrong. */
  public static final int OK = 0;
  /** At least one conformance case or audit rule failed. */
  public static final int FAILURES = 1;
  /** Bad usage or bad input: unknown option, missing directory, unreadable vector file. */
  public static final int USAGE = 2;
  /** A bug in podtopo. */
  public static final int INTERNAL = 3;
  /**
   * A conformance testee broke (it exited, answered with a line that is not a protocol answer or
   * out of step, or did not answer in time): the run was cut short and the rest was not run.
   */
  public static final int BROKEN_TESTEE = 4;
  /** A conformance run checked nothing: every selected case was skipped ({@code --allow-all-skipped} accepts it). */
  public static final int NOTHING_CHECKED = 5;

  private ExitCodes() {}
}
