package io.podtopo.domain.pod;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes resource quantity ({@code 2}, {@code 2500m}, {@code 1Gi}, {@code 1e3}, {@code 0.5})
 * with exact decimal arithmetic.
 *
 * <p>Suffixes: binary SI {@code Ki Mi Gi Ti Pi Ei}, decimal SI {@code n u m k M G T P E}, and
 * decimal exponents {@code e3}/{@code E3}. Quantities are never negative here: the resource
 * managers only see requests and limits. {@link #value()} and {@link #milliValue()} round up, as
 * upstream {@code Value()} and {@code MilliValue()} do.
 */
public final class Quantity implements Comparable<Quantity> {

  private static final Pattern SYNTAX =
      Pattern.compile("^([+]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$");

  private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
      Map.entry("", BigDecimal.ONE),
      Map.entry("n", new BigDecimal("1e-9")),
      Map.entry("u", new BigDecimal("1e-6")),
      Map.entry("m", new BigDecimal("1e-3")),
      Map.entry("k", new BigDecimal("1e3")),
      Map.entry("M", new BigDecimal("1e6")),
      Map.entry("G", new BigDecimal("1e9")),
      Map.entry("T", new BigDecimal("1e12")),
      Map.entry("P", new BigDecimal("1e15")),
      Map.entry("E", new BigDecimal("1e18")),
      Map.entry("Ki", BigDecimal.valueOf(1L << 10)),
      Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
      Map.entry("Gi", BigDecimal.valueOf(1L << 30)),
      Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
      Map.entry("Pi", BigDecimal.valueOf(1L << 50)),
      Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

  /** Zero. */
  public static final Quantity ZERO = new Quantity(BigDecimal.ZERO, "0", Format.DECIMAL_SI);

  /**
   * Upstream's {@code resource.Format}, which the suffix a quantity was written with decides and
   * {@link #goString()} writes it back in: binary ({@code Ki}...), decimal exponent ({@code e3}),
   * or decimal SI (any other suffix, or none).
   */
  private enum Format { DECIMAL_SI, BINARY_SI, DECIMAL_EXPONENT }

  /**
   * Upstream's suffixer for {@link #goString()}: the suffix of each power of ten (decimal SI) and of
   * each power of 1024 (binary SI) it knows. A power it does not know gets no suffix at all, as
   * {@code constructBytes} returns none and {@code CanonicalizeBytes} ignores that it failed: 1000E
   * is written {@code 1}, 1024Ei is written {@code 1}.
   */
  private static final Map<Integer, String> DECIMAL_SUFFIXES = Map.of(-9, "n", -6, "u", -3, "m", 0, "", 3, "k",
      6, "M", 9, "G", 12, "T", 15, "P", 18, "E");
  private static final Map<Integer, String> BINARY_SUFFIXES = Map.of(0, "", 1, "Ki", 2, "Mi", 3, "Gi", 4, "Ti",
      5, "Pi", 6, "Ei");
  /** The smallest amount upstream keeps: a non-zero amount below it is rounded up to it when parsed. */
  private static final int NANO_SCALE = 9;
  private static final BigInteger BINARY_BASE = BigInteger.valueOf(1024);

  private final BigDecimal amount;
  private final String text;
  private final Format format;

  private Quantity(BigDecimal amount, String text, Format format) {
    this.amount = amount;
    this.text = text;
    this.format = format;
  }

  private static final BigDecimal LARGEST = BigDecimal.valueOf(Long.MAX_VALUE);

  /**
   * Parses a quantity string.
   *
   * @throws InvalidQuantityException naming the text when it is malformed, negative, or larger than
   *     64 bits hold
   */
  public static Quantity parse(String text) {
    if (text == null) {
      throw new InvalidQuantityException("null", "a quantity is required");
    }
    String trimmed = text.strip();
    if (trimmed.startsWith("-")) {
      throw new InvalidQuantityException(text, "quantities must not be negative");
    }
    Matcher matcher = SYNTAX.matcher(trimmed);
    if (!matcher.matches()) {
      throw new InvalidQuantityException(text, "expected a number with an optional suffix such as m, Ki, Mi, Gi, k, M, G or e3");
    }
    BigDecimal number = new BigDecimal(matcher.group(2).endsWith(".") ? matcher.group(2) + "0" : matcher.group(2));
    String suffix = matcher.group(3) == null ? "" : matcher.group(3);
    BigDecimal scale;
    if ((suffix.startsWith("e") || suffix.startsWith("E")) && !SUFFIXES.containsKey(suffix)) { // e3, E-6; not E (exa)
      int exponent;
      try {
        exponent = Integer.parseInt(suffix.substring(1));
      } catch (NumberFormatException e) {
        throw new InvalidQuantityException(text, "exponent out of range");
      }
      if (Math.abs(exponent) > 30) {
        throw new InvalidQuantityException(text, "exponent out of range");
      }
      scale = BigDecimal.ONE.scaleByPowerOfTen(exponent);
    } else {
      scale = SUFFIXES.get(suffix);
    }
    // upstream rounds a non-zero amount up to whole nanos, "if you want some resources, you should get some"
    BigDecimal amount = number.multiply(scale).setScale(NANO_SCALE, RoundingMode.UP).stripTrailingZeros();
    if (amount.setScale(0, RoundingMode.CEILING).compareTo(LARGEST) > 0) {
      throw new InvalidQuantityException(text, "too large: it must fit the 64 bits of the kubelet's Value() "
          + "(at most 9223372036854775807, about 9.2E)");
    }
    Format format = suffix.endsWith("i") ? Format.BINARY_SI
        : suffix.length() > 1 ? Format.DECIMAL_EXPONENT
        : Format.DECIMAL_SI;
    return new Quantity(amount, trimmed, format);
  }

  /**
   * Parses a quantity the kubelet reads in thousandths ({@code MilliValue()}: CPU).
   *
   * @throws InvalidQuantityException naming the text as {@link #parse} does, and when its thousandths
   *     do not fit 64 bits
   */
  public static Quantity parseMillis(String text) {
    Quantity quantity = parse(text);
    if (quantity.amount.movePointRight(3).setScale(0, RoundingMode.CEILING).compareTo(LARGEST) > 0) {
      throw new InvalidQuantityException(text, "too large: its thousandths must fit the 64 bits of the kubelet's "
          + "MilliValue() (at most 9223372036854775807m, about 9.2P)");
    }
    return quantity;
  }

  /** An integral quantity. */
  public static Quantity of(long value) {
    if (value < 0) {
      throw new InvalidQuantityException(Long.toString(value), "quantities must not be negative");
    }
    return new Quantity(BigDecimal.valueOf(value), Long.toString(value), Format.DECIMAL_SI);
  }

  /** A quantity given in thousandths ({@code 2500} is {@code 2500m}). */
  public static Quantity ofMillis(long millis) {
    return parse(millis + "m");
  }

  /** The exact amount. */
  public BigDecimal amount() {
    return amount;
  }

  /** Upstream {@code Value()}: the amount rounded up to an integer. */
  public long value() {
    return amount.setScale(0, RoundingMode.CEILING).longValueExact();
  }

  /** Upstream {@code MilliValue()}: thousandths, rounded up. */
  public long milliValue() {
    return amount.movePointRight(3).setScale(0, RoundingMode.CEILING).longValueExact();
  }

  /** Whether the amount is a whole number (upstream: {@code Value()*1000 == MilliValue()}). */
  public boolean isIntegral() {
    return value() * 1000 == milliValue();
  }

  public boolean isZero() {
    return amount.signum() == 0;
  }

  /** The sum, in this quantity's format, as upstream's {@code Add} keeps its receiver's. */
  public Quantity plus(Quantity other) {
    BigDecimal sum = amount.add(other.amount).stripTrailingZeros();
    return new Quantity(sum, sum.toPlainString(), format);
  }

  /** This minus {@code other}, at least zero. */
  public Quantity minusClamped(Quantity other) {
    BigDecimal difference = amount.subtract(other.amount).max(BigDecimal.ZERO).stripTrailingZeros();
    return new Quantity(difference, difference.toPlainString(), format);
  }

  public Quantity max(Quantity other) {
    return compareTo(other) >= 0 ? this : other;
  }

  /** The integral number of bytes (memory, hugepages), rounded up. */
  public long bytes() {
    return value();
  }

  /** Whether the amount fits in a signed 64-bit integer after rounding up. */
  public boolean fitsInLong() {
    return amount.setScale(0, RoundingMode.CEILING).compareTo(new BigDecimal(BigInteger.valueOf(Long.MAX_VALUE))) <= 0;
  }

  @Override
  public int compareTo(Quantity other) {
    return amount.compareTo(other.amount);
  }

  /** Equal amounts are equal, whatever their spelling ({@code 1} equals {@code 1000m}). */
  @Override
  public boolean equals(Object other) {
    return other instanceof Quantity that && amount.compareTo(that.amount) == 0;
  }

  @Override
  public int hashCode() {
    return amount.stripTrailingZeros().hashCode();
  }

  /** The text the quantity was written as. */
  @Override
  public String toString() {
    return text;
  }

  /**
   * Upstream's {@code Quantity.String()}: the canonical text in the quantity's format
   * ({@code CanonicalizeBytes}), as API validation writes quantities into its messages. Binary
   * quantities are written with the largest binary suffix that keeps them whole, unless they are
   * under 1024 or fractional (then decimal SI); decimal ones with the exponent lowered to a multiple
   * of three ({@code 1500m}, {@code 1k}, {@code 2Gi}, {@code 1e3}); an amount beyond the largest suffix
   * gets none ({@link #DECIMAL_SUFFIXES}). A sum or the larger of two
   * keeps the format of the quantity it started from, as upstream's {@code Add} does.
   */
  public String goString() {
    if (isZero()) {
      return "0";
    }
    if (format == Format.BINARY_SI && amount.compareTo(BigDecimal.valueOf(1024)) >= 0
        && amount.stripTrailingZeros().scale() <= 0) {
      BigInteger value = amount.toBigIntegerExact();
      int exponent = 0;
      while (value.mod(BINARY_BASE).signum() == 0) {
        value = value.divide(BINARY_BASE);
        exponent++;
      }
      return value + BINARY_SUFFIXES.getOrDefault(exponent, "");
    }
    BigDecimal stripped = amount.stripTrailingZeros();
    BigInteger mantissa = stripped.unscaledValue();
    int exponent = -stripped.scale();
    int lowered = Math.floorMod(exponent, 3);
    mantissa = mantissa.multiply(BigInteger.TEN.pow(lowered));
    exponent -= lowered;
    if (format == Format.DECIMAL_EXPONENT) {
      return exponent == 0 ? mantissa.toString() : mantissa + "e" + exponent;
    }
    return mantissa + DECIMAL_SUFFIXES.getOrDefault(exponent, "");
  }
}
