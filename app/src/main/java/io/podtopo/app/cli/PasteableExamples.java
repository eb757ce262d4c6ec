package io.podtopo.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Prints every command's footer (its examples) line for line, never wrapped: picocli wraps a footer
 * at the usage width, which cuts a long {@code ./podtopo ...} command in two lines that no longer
 * run when pasted. Descriptions and options keep picocli's wrapping.
 */
public final class PasteableExamples {

  private PasteableExamples() {}

  /** Installs the unwrapped footer on {@code commandLine} and all its subcommands. */
  public static void install(CommandLine commandLine) {
    commandLine.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, help -> {
      String[] footer = help.commandSpec().usageMessage().footer();
      return footer.length == 0 ? "" : String.join(System.lineSeparator(), footer) + System.lineSeparator();
    });
    commandLine.getSubcommands().values().forEach(PasteableExamples::install);
  }
}
