package io.podtopo.app.cli;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Checks the path options of the command about to run before it runs: each names what
 * {@link PathOption} says, or the run ends at once, before anything is read, started or written,
 * with one line naming the option, the path and what is wrong (exit status 2, as every
 * {@link UserInputException}).
 */
public final class PathOptions {

  private PathOptions() {}

  /** Makes {@code commandLine} check the path options of whichever of its commands it runs. */
  public static void install(CommandLine commandLine) {
    commandLine.setExecutionStrategy(parseResult -> {
      Integer help = CommandLine.executeHelpRequest(parseResult);
      if (help != null) {
        return help;
      }
      List<CommandLine> commands = parseResult.asCommandLineList();
      CommandLine command = commands.get(commands.size() - 1);
      try {
        check(command.getCommandSpec());
      } catch (UserInputException e) {
        throw new CommandLine.ExecutionException(command, e.getMessage(), e);
      }
      return new CommandLine.RunLast().execute(parseResult);
    });
  }

  /** The kind a path option declares; empty for any other option. */
  static Optional<PathKind> declaredKind(OptionSpec option) {
    return option.userObject() instanceof Field field && field.isAnnotationPresent(PathOption.class)
        ? Optional.of(field.getAnnotation(PathOption.class).value()) : Optional.empty();
  }

  private static void check(CommandSpec command) {
    for (OptionSpec option : command.options()) {
      declaredKind(option).ifPresent(kind -> {
        for (Path path : paths(option.getValue())) {
          kind.problem(path).ifPresent(problem -> {
            throw new UserInputException(option.longestName() + " " + path + ": " + problem);
          });
        }
      });
    }
  }

  private static List<Path> paths(Object value) {
    if (value instanceof Path path) {
      return List.of(path);
    }
    return value instanceof List<?> list ? list.stream().map(Path.class::cast).toList() : List.of();
  }
}
