/**
 * Test fixtures for the architecture self-tests: each class here breaks one rule on purpose. Imported
 * only by {@code ArchitectureRulesCanFailTest}; the real rules import production classes only.
 */
package io.podtopo.archfixture;
