package io.podtopo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Every JMH benchmark of this module sets up and runs: each of its methods once, in this JVM, with
 * each parameter at its first value. A benchmark whose fixture no longer builds (as when
 * {@code maxPods} made the kubelet's default of 110 refuse the 111th pod of the 250-pod node) fails
 * here, not when someone next measures. The benchmarks are found among the module's compiled classes,
 * so a new one is run without being listed. Nothing is timed.
 */
class EveryBenchmarkRunsTest {

  /** The classes of this module's package with a {@code @Benchmark} method, found among its compiled classes. */
  static Stream<Class<?>> benchmarks() throws Exception {
    Path folder = Path.of(BenchmarkNodes.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .resolve(BenchmarkNodes.class.getPackageName().replace('.', '/'));
    List<Class<?>> found = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.endsWith(".class") && !name.contains("$")) {
          Class<?> candidate = Class.forName(BenchmarkNodes.class.getPackageName() + "."
              + name.substring(0, name.length() - ".class".length()));
          if (!methods(candidate).isEmpty()) {
            found.add(candidate);
          }
        }
      }
    }
    assertThat(found).as("the benchmarks found in " + folder).contains(PodResourcesListBenchmark.class);
    return found.stream();
  }

  @ParameterizedTest
  @MethodSource("benchmarks")
  void theBenchmarkSetsUpAndRunsEachOfItsMethodsOnce(Class<?> benchmark) throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include("^" + benchmark.getName().replace(".", "\\.") + "\\.")
        .mode(Mode.SingleShotTime)
        .warmupIterations(0)
        .measurementIterations(1)
        .forks(0)
        .threads(1)
        .shouldFailOnError(true)
        .verbosity(VerboseMode.NORMAL);
    for (Field field : benchmark.getDeclaredFields()) {
      Param param = field.getAnnotation(Param.class);
      if (param != null) {
        options.param(field.getName(), param.value()[0]);
      }
    }

    Collection<RunResult> results = new Runner(options.build()).run();

    assertThat(results).as("the runs of " + benchmark.getSimpleName()).hasSize(methods(benchmark).size());
  }

  private static List<String> methods(Class<?> benchmark) {
    List<String> methods = new ArrayList<>();
    Arrays.stream(benchmark.getDeclaredMethods())
        .filter(method -> method.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class))
        .forEach(method -> methods.add(method.getName()));
    return methods;
  }
}
