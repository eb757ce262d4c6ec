package io.podtopo.app.cli;

/**
 * A pod named on the command line as {@code NAMESPACE/NAME}.
 *
 * @param namespace the pod's namespace
 * @param name the pod's name
 */
record PodReference(String namespace, String name) {

  /** The pod {@code text} names. @throws UserInputException naming {@code option} when it is not NAMESPACE/NAME */
  static PodReference parse(String option, String text) {
    int slash = text.indexOf('/');
    if (slash <= 0 || slash == text.length() - 1 || text.indexOf('/', slash + 1) >= 0) {
      throw new UserInputException(option + " " + text + ": expected NAMESPACE/NAME, e.g. default/web");
    }
    return new PodReference(text.substring(0, slash), text.substring(slash + 1));
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
