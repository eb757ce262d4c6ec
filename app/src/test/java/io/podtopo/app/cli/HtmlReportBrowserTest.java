package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.domain.topology.CpuSet;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Issue 10, the HTML report in a real browser: Debian's headless {@code chromium}, driven through
 * {@code /usr/bin/chromedriver} by Selenium (never Selenium Manager, which would download a
 * driver). The pages of {@code podtopo simulate --format html} for the KEP-5526 examples and for a
 * 256-CPU machine, and of {@code topology} for 2 and 512 CPUs: one drawn element per CPU carrying
 * the owner the JSON report gives it, legend entries naming pods and containers, CPUs that do not
 * overlap and a page that does not scroll sideways, no console error and no request of any
 * resource. Screenshots go to {@code target/html-report/}.
 *
 * <p>Without chromium and chromium-driver these tests fail, saying what to install.
 */
class HtmlReportBrowserTest {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path OUT = Path.of("target", "html-report");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> FINDER_LOG = new ArrayList<>();
  /** Held here: java.util.logging keeps loggers only weakly. */
  private static final Logger DRIVER_FINDER = Logger.getLogger("org.openqa.selenium.remote.service.DriverFinder");

  /** Held here too: Selenium warns that it has no CDP classes for this chromium, which these tests do not use. */
  private static final Logger CDP_VERSION_FINDER = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

  private static ChromeDriver browser;

  @BeforeAll
  static void startChromium() throws IOException {
    assertThat(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER))
        .as("the browser tests need Debian's chromium and chromium-driver (%s, %s): "
            + "apt-get install -y chromium chromium-driver", CHROMIUM, CHROMEDRIVER)
        .isTrue();
    Files.createDirectories(OUT);
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    recordDriverFinder();
    CDP_VERSION_FINDER.setLevel(Level.SEVERE);
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile())
        .withLogFile(OUT.resolve("chromedriver.log").toFile())
        .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
        "--no-default-browser-check");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    browser = new ChromeDriver(service, options);
  }

  @AfterAll
  static void quit() {
    if (browser != null) {
      browser.quit();
    }
  }

  /**
   * Selenium names the driver it was given by its real path: Debian's chromium-driver 156.0.8078.114
   * makes {@code /usr/bin/chromedriver} a link to {@code /usr/lib/chromium/chromedriver}, earlier
   * packages installed the file itself there.
   */
  @Test
  void seleniumManagerIsNeverAsked() throws IOException {
    String given = CHROMEDRIVER.toString();
    String real = CHROMEDRIVER.toRealPath().toString();
    assertThat(FINDER_LOG).as("DriverFinder took the driver of the service, not Selenium Manager's")
        .anySatisfy(line -> assertThat(line).contains("Skipping Selenium Manager")
            .satisfiesAnyOf(text -> assertThat(text).endsWith(": " + given), text -> assertThat(text).endsWith(": " + real)));
  }

  @Test
  void kepExamplesReportPaintsEveryCpuByItsOwner() throws IOException {
    CliRun html = CliRun.reference("simulate", "--format", "html");
    JsonNode json = JSON.readTree(CliRun.reference("simulate", "--format", "json").out());
    assertThat(html.exitCode()).isZero();
    open("kep-examples", html.out());

    JsonNode runs = json.get("runs");
    for (int run = 0; run < runs.size(); run++) {
      Map<Integer, String> owners = drawnOwners("section[data-run='" + (run + 1) + "']");
      assertThat(owners).hasSize(32);
      assertOwnersAsTheJsonSays(runs.get(run), owners);
    }
    String legend = browser.findElement(By.cssSelector("section[data-run='1'] ul.legend")).getText();
    assertThat(legend).contains("exclusive slice of container main-app in pod default/pod-scope-mixed",
        "exclusive slice of container app in pod default/init-and-sidecars",
        "pod shared pool of pod default/shared-only", "reserved for the system", "node shared pool");
    assertThat(browser.findElement(By.cssSelector(".rejection")).getText())
        .contains("default/empty-shared-pool", "TopologyAffinityError", "cpu manager: cpu none (cannot be satisfied)");
    assertReadable();
    screenshot("kep-examples");
    Files.write(OUT.resolve("kep-examples-pod-scope.png"),
        browser.findElement(By.id("run-1")).getScreenshotAs(OutputType.BYTES));
  }

  @Test
  void reportOf256CpusWrapsAndStillPaintsEveryCpu() throws IOException {
    CliRun html = CliRun.reference("simulate", "--machine", "2s4n32c2t,mem=256Gi", "--pods",
        "../examples/pods/pod-scope", "--format", "html");
    JsonNode json = JSON.readTree(CliRun.reference("simulate", "--machine", "2s4n32c2t,mem=256Gi", "--pods",
        "../examples/pods/pod-scope", "--format", "json").out());
    assertThat(html.exitCode()).isZero();
    open("256-cpus", html.out());

    Map<Integer, String> owners = drawnOwners("section[data-run='1']");
    assertThat(owners).hasSize(256);
    assertOwnersAsTheJsonSays(json.get("runs").get(0), owners);
    assertThat(browser.findElements(By.cssSelector("section[data-run='1'] .mem-bar"))).hasSize(4);
    assertReadable();
    screenshot("256-cpus");
  }

  @Test
  void topologyOfTwoCpusAndOf512Cpus() throws IOException {
    for (String shape : List.of("1s1n1c2t", "2s4n64c2t")) {
      CliRun html = CliRun.reference("topology", "--machine", shape, "--format", "html");
      assertThat(html.exitCode()).isZero();
      open("topology-" + shape, html.out());

      Map<Integer, String> owners = drawnOwners("body");
      assertThat(owners).as(shape).hasSize(shape.startsWith("1s") ? 2 : 512).allSatisfy((cpu, owner) ->
          assertThat(owner).isEqualTo("none"));
      assertReadable();
      screenshot("topology-" + shape);
    }
  }

  /** CPU id to {@code data-owner} of every drawn CPU under {@code scope}, each CPU drawn once. */
  @SuppressWarnings("unchecked")
  private static Map<Integer, String> drawnOwners(String scope) {
    List<List<Object>> cpus = (List<List<Object>>) script("return Array.from(document.querySelectorAll(arguments[0]"
        + " + ' svg.machine g.cpu')).map(g => [g.getAttribute('data-cpu'), g.getAttribute('data-owner')]);", scope);
    Map<Integer, String> owners = new HashMap<>();
    for (List<Object> cpu : cpus) {
      assertThat(owners.put(Integer.parseInt((String) cpu.get(0)), (String) cpu.get(1)))
          .as("CPU %s is drawn once", cpu.get(0)).isNull();
    }
    List<String> legend = (List<String>) script("return Array.from(document.querySelectorAll(arguments[0]"
        + " + ' ul.legend li')).map(li => li.getAttribute('data-owner'));", scope);
    if (!legend.isEmpty()) {
      assertThat(legend).as("every owner on the picture has its legend entry").containsAll(owners.values());
    }
    return owners;
  }

  /** Each container's CPUs, as the JSON report of the same run gives them, carry its owner. */
  private static void assertOwnersAsTheJsonSays(JsonNode run, Map<Integer, String> owners) {
    CpuSet reserved = CpuSet.parse(run.get("reservedCpus").asText());
    reserved.forEachCpu(cpu -> assertThat(owners.get(cpu)).isEqualTo("reserved"));
    for (JsonNode pod : run.get("pods")) {
      if (!pod.get("admitted").asBoolean()) {
        continue;
      }
      String name = pod.get("namespace").asText() + "/" + pod.get("name").asText();
      for (JsonNode container : pod.get("containers")) {
        String expected = switch (container.get("isolation").asText()) {
          case "container" -> container.get("role").asText().equals("init") ? null
              : "exclusive:" + name + " " + container.get("name").asText();
          case "pod" -> "pod-shared:" + name;
          default -> "node-shared";
        };
        if (expected != null) {
          // the node shared pool (the CPU Manager's default set) holds the reserved CPUs as well
          CpuSet.parse(container.get("cpus").asText()).difference(reserved).forEachCpu(cpu ->
              assertThat(owners.get(cpu)).as("CPU %d of %s %s", cpu, name, container.get("name")).isEqualTo(expected));
        }
      }
    }
  }

  /** No console message of any level above info, no resource requested, nothing overlaps or scrolls sideways. */
  private static void assertReadable() {
    List<LogEntry> messages = browser.manage().logs().get(LogType.BROWSER).getAll();
    assertThat(messages).as("browser console").allSatisfy(entry ->
        assertThat(entry.getLevel().intValue()).as(entry.getMessage()).isLessThanOrEqualTo(Level.INFO.intValue()));
    assertThat(script("return performance.getEntriesByType('resource').map(e => e.name);")).as("requests")
        .asList().isEmpty();
    assertThat((Boolean) script("return document.documentElement.scrollWidth <= window.innerWidth;"))
        .as("no horizontal scrolling").isTrue();
    Object overlaps = script("const r = Array.from(document.querySelectorAll('g.cpu')).map(g => g.getBoundingClientRect());"
        + "if (r.some(b => b.width < 10 || b.height < 10)) return 'a CPU drawn too small';"
        + "const s = r.slice().sort((a, b) => a.top - b.top || a.left - b.left);"
        + "for (let i = 0; i < s.length; i++) for (let j = i + 1; j < s.length && s[j].top < s[i].bottom; j++)"
        + "  if (s[j].left < s[i].right && s[i].left < s[j].right) return 'CPUs overlap at ' + s[j].left + ',' + s[j].top;"
        + "return '';");
    assertThat(overlaps).isEqualTo("");
  }

  private static void open(String name, String html) throws IOException {
    Path page = OUT.resolve(name + ".html").toAbsolutePath();
    Files.writeString(page, html, StandardCharsets.UTF_8);
    browser.manage().window().setSize(new Dimension(1280, 1000));
    browser.get(page.toUri().toString());
    assertThat(browser.getTitle()).startsWith("podtopo ");
  }

  /** The whole page, the window stretched to its height. */
  private static void screenshot(String name) throws IOException {
    long height = (Long) script("return Math.ceil(document.documentElement.scrollHeight);");
    browser.manage().window().setSize(new Dimension(1280, (int) Math.min(height + 140, 16000)));
    File shot = browser.getScreenshotAs(OutputType.FILE);
    Files.copy(shot.toPath(), OUT.resolve(name + ".png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  private static Object script(String script, Object... args) {
    return ((JavascriptExecutor) browser).executeScript(script, args);
  }

  /** Keeps what Selenium's DriverFinder says about where the driver comes from. */
  private static void recordDriverFinder() {
    DRIVER_FINDER.setLevel(Level.FINE);
    DRIVER_FINDER.addHandler(new Handler() {
      @Override
      public void publish(LogRecord record) {
        synchronized (FINDER_LOG) {
          FINDER_LOG.add(record.getMessage());
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    });
  }
}
