package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * ADR 0007's bound on an implicit search: a budget of {@code n} steps allows {@code n} ticks and
 * stops the search at the next; a search on {@code N} NUMA nodes gets {@code 16 · 2^N} steps (at
 * least {@code 2^18}) up to 20 nodes, where running out lists the hints instead, and {@code 4 · 10^7}
 * beyond, where running out is named limitation L-1.
 */
class SearchBudgetTest {

  private static long ticksAllowed(SearchBudget budget) {
    long ticks = 0;
    try {
      while (true) {
        budget.tick();
        ticks++;
      }
    } catch (SearchBudget.Exhausted e) {
      return ticks;
    }
  }

  @Test
  void aBudgetOfNStepsAllowsNTicks_adr0007() {
    SearchBudget budget = new SearchBudget(3);
    budget.tick();
    budget.tick();
    budget.tick();
    assertThatThrownBy(budget::tick).isInstanceOf(SearchBudget.Exhausted.class).hasMessage("search budget exhausted");
    assertThat(ticksAllowed(new SearchBudget(0))).isZero();
  }

  @Test
  void aSearchOnNNodesGetsAbout16Times2ToTheNStepsUpTo20NodesAnd4e7Beyond_adr0007() {
    assertThat(ticksAllowed(SearchBudget.forNodes(1))).isEqualTo(1L << 18);
    assertThat(ticksAllowed(SearchBudget.forNodes(14))).isEqualTo(1L << 18);
    assertThat(ticksAllowed(SearchBudget.forNodes(15))).isEqualTo(16L << 15);
    assertThat(ticksAllowed(SearchBudget.forNodes(20))).isEqualTo(16L << 20);
    assertThat(ticksAllowed(SearchBudget.forNodes(21))).isEqualTo(40_000_000L);
    assertThat(ticksAllowed(SearchBudget.forNodes(64))).isEqualTo(40_000_000L);
  }
}
