package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code --testee} command strings split into words like a shell without expansion. */
class CommandWordsTest {

  @Test
  void blanksSeparateWords() {
    assertThat(CommandWords.split("  java -cp a.jar   Main testee ")).containsExactly("java", "-cp", "a.jar",
        "Main", "testee");
  }

  @Test
  void quotesKeepBlanksAndBackslashesEscape() {
    assertThat(CommandWords.split("'/opt/my impl/bin' \"--name=a b\" c\\ d 'it''s' \"\"")).containsExactly(
        "/opt/my impl/bin", "--name=a b", "c d", "its", "");
  }

  @Test
  void nothingIsExpanded() {
    assertThat(CommandWords.split("echo $HOME *.json ~")).containsExactly("echo", "$HOME", "*.json", "~");
  }

  @Test
  void anUnterminatedQuoteIsAUserError() {
    assertThatThrownBy(() -> CommandWords.split("impl 'oops")).isInstanceOf(UserInputException.class)
        .hasMessage("unterminated ' quote in: impl 'oops");
  }
}
