package io.podtopo.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/**
 * {@code podtopo completion}: the bash completion script of the whole command line. picocli writes
 * it ({@link AutoComplete#bash}) from the command model: the commands, their options, and the values
 * of every option with completion candidates, enums (formats, {@code --scope},
 * {@code --explain-hints}) and the candidates read from the real sources ({@link MachineNames},
 * {@link VectorKindNames}, {@link BehaviourNames}, {@link CgroupDriverNames}). An option of
 * {@link MachineNames} takes a file too, which picocli's script cannot say: a function that adds the
 * files to picocli's candidates is registered in place of picocli's.
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Print the bash completion script of podtopo: its commands, their options and every value an "
            + "option takes from a list: --format, --behaviour, --explain-hints, --scope, --cgroup-driver, "
            + "--kind (the vector kinds), --machine (the machines 'podtopo machines' lists, and files). zsh "
            + "reads the same script (through bashcompinit).",
        ""},
    footer = {
        "",
        "Examples:",
        "  source <(./podtopo completion)",
        "      tab completion in this shell (~/.bashrc or ~/.zshrc: podtopo's full path)",
        "  ./podtopo completion > ~/.local/share/bash-completion/completions/podtopo",
        "      loaded by bash-completion when podtopo is first completed"})
public final class CompletionCommand implements Callable<Integer> {

  /** picocli's last line: {@code complete -F FUNCTION OPTIONS COMMANDS}. */
  private static final Pattern REGISTRATION = Pattern.compile("^complete -F (\\S+) (.+)$", Pattern.MULTILINE);

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    CommandSpec root = spec.root();
    String script = AutoComplete.bash(root.name(), root.commandLine());
    Matcher registration = REGISTRATION.matcher(script);
    if (!registration.find()) {
      throw new IllegalStateException("picocli's completion script registers no function");
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(script);
    out.print(filesBesideNames(registration.group(1), registration.group(2), optionsTakingFiles(root)));
    out.flush();
    return ExitCodes.OK;
  }

  /**
   * A function that runs picocli's {@code completer} and, after one of {@code options}, adds the
   * files to its candidates; registered for what picocli registered ({@code registered}: options and
   * command names), it replaces picocli's registration.
   */
  private static String filesBesideNames(String completer, String registered, SortedSet<String> options) {
    String function = completer + "_names_and_files";
    return """

        # Options that take a file too (%1$s): the files beside the names completed above.
        function %2$s() {
          %3$s "$@"
          case ${COMP_WORDS[COMP_CWORD-1]} in
            %4$s)
              local IFS=$'\\n'
              type compopt &>/dev/null && compopt -o filenames
              COMPREPLY+=( $( compgen -f -- "${COMP_WORDS[COMP_CWORD]}" ) )
              ;;
          esac
        }
        complete -F %2$s %5$s
        """.formatted(String.join(", ", options), function, completer,
        options.stream().map(option -> "'" + option + "'").collect(Collectors.joining("|")), registered);
  }

  /** The names of the options of {@code command} and its subcommands completed by {@link MachineNames}. */
  private static SortedSet<String> optionsTakingFiles(CommandSpec command) {
    SortedSet<String> names = new TreeSet<>();
    for (OptionSpec option : command.options()) {
      if (option.completionCandidates() instanceof MachineNames) {
        names.addAll(List.of(option.names()));
      }
    }
    command.subcommands().values().forEach(sub -> names.addAll(optionsTakingFiles(sub.getCommandSpec())));
    return names;
  }
}
