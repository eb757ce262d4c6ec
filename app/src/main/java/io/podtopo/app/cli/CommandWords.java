package io.podtopo.app.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one command string into words as a POSIX shell would for plain words: blanks separate
 * words, single quotes keep everything, double quotes keep blanks, a backslash escapes the next
 * character outside single quotes. No expansion of any kind.
 */
public final class CommandWords {

  private CommandWords() {}

  /** @throws UserInputException on an unterminated quote or a trailing backslash */
  public static List<String> split(String command) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (quote == '\'') {
        if (c == '\'') {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\\') {
        if (++i == command.length()) {
          throw new UserInputException("command ends with a backslash: " + command);
        }
        word.append(command.charAt(i));
        inWord = true;
      } else if (quote == '"') {
        if (c == '"') {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new UserInputException("unterminated " + quote + " quote in: " + command);
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
