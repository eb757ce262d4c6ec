package io.podtopo.adapters.linux.cgroup;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The C library's text for the errno behind an {@link IOException} ({@code Invalid argument},
 * {@code No space left on device}, ...). The JDK puts it in the message of a failed {@code write(2)},
 * in {@link FileSystemException#getReason()} for most failed calls on a path, and only in the type for
 * a few of them.
 */
final class Errno {

  private Errno() {}

  static String text(IOException failure) {
    if (failure instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (failure instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (failure instanceof FileAlreadyExistsException) {
      return "File exists";
    }
    if (failure instanceof DirectoryNotEmptyException) {
      return "Directory not empty";
    }
    if (failure instanceof NotDirectoryException) {
      return "Not a directory";
    }
    if (failure instanceof FileSystemException path && path.getReason() != null) {
      return path.getReason();
    }
    return failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
  }
}
