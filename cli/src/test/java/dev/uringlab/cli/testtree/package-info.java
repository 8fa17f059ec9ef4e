/**
 * A strategy module in miniature that lives only in the test tree ({@link
 * dev.uringlab.cli.testtree.TestTreePostingProvider}; its resources are in
 * {@code cli/src/test/registered/}), registered only on the class path of the child JVM that
 * {@code TestTreeStrategyTest} starts, so no other test sees it.
 *
 * <p>May not: be registered on the test class path itself ({@code src/test/resources}).
 */
package dev.uringlab.cli.testtree;
