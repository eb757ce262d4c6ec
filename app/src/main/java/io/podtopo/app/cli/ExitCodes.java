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

  private ExitCodes() {}
}
