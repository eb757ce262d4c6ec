package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.podtopo.app.Main;
import io.podtopo.app.PodtopoComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Issue 10, help examples that can be pasted: every example in every command's help is one line
 * written as {@code ./podtopo ...} (never cut where the terminal width would cut it), and what
 * follows {@code ./podtopo} is a command line podtopo parses.
 */
class HelpExamplesTest {

  private static final String EXAMPLE = "  ./podtopo ";

  /** Every command of the tree, as the words that name it ("" for podtopo itself). */
  static Stream<String> commands() {
    List<String> names = new ArrayList<>();
    collect(Main.commandLine(PodtopoComponent.reference()), "", names);
    return names.stream();
  }

  private static void collect(CommandLine command, String words, List<String> names) {
    names.add(words);
    command.getSubcommands().forEach((name, sub) -> {
      if (sub.getCommandName().equals(name)) { // not an alias
        collect(sub, (words + " " + name).strip(), names);
      }
    });
  }

  @ParameterizedTest
  @MethodSource("commands")
  void everyExampleIsPrintedOnOneLineAndParses(String command) {
    List<String> args = new ArrayList<>(List.of(command.isEmpty() ? new String[0] : command.split(" ")));
    args.add("--help");
    CliRun help = CliRun.reference(args.toArray(String[]::new));
    List<String> examples = help.out().lines().filter(line -> line.startsWith(EXAMPLE)).toList();
    String[] footer = spec(command).usageMessage().footer();
    List<String> declared = Stream.of(footer).filter(line -> line.startsWith(EXAMPLE)).toList();

    assertThat(examples).as("the examples of podtopo %s, printed whole", command).isEqualTo(declared);
    for (String example : examples) {
      assertThatCode(() -> Main.commandLine(PodtopoComponent.reference()).parseArgs(words(example)))
          .as(example).doesNotThrowAnyException();
    }
  }

  @Test
  void theMainCommandsHaveExamples() {
    for (String command : List.of("", "simulate", "topology", "inspect", "audit", "agent", "conformance vectors",
        "testee", "state check", "state reset")) {
      assertThat(Stream.of(spec(command).usageMessage().footer()).filter(line -> line.startsWith(EXAMPLE)))
          .as("podtopo %s", command).isNotEmpty();
    }
  }

  @Test
  void descriptionsAndOptionsStillFitEightyColumns() {
    commands().forEach(command -> {
      List<String> args = new ArrayList<>(List.of(command.isEmpty() ? new String[0] : command.split(" ")));
      args.add("--help");
      assertThat(CliRun.reference(args.toArray(String[]::new)).out().lines()
          .filter(line -> !line.startsWith(EXAMPLE)))
          .as("podtopo %s --help", command)
          .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    });
  }

  private static CommandLine.Model.CommandSpec spec(String command) {
    CommandLine line = Main.commandLine(PodtopoComponent.reference());
    for (String word : command.isEmpty() ? new String[0] : command.split(" ")) {
      line = line.getSubcommands().get(word);
    }
    return line.getCommandSpec();
  }

  /**
   * The arguments of an example after {@code ./podtopo}: split at spaces, double quotes grouping, a
   * trailing {@code > FILE} redirection dropped.
   */
  static String[] words(String example) {
    String line = example.substring(EXAMPLE.length()).replaceFirst(" > \\S+$", "");
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    for (char c : line.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ' ' && !quoted) {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    if (word.length() > 0) {
      words.add(word.toString());
    }
    return words.toArray(String[]::new);
  }
}
