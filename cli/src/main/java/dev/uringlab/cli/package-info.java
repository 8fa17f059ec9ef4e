/**
 * The {@code uring-lab} command line (picocli): {@link dev.uringlab.cli.UringLab} is the top
 * command and lists every subcommand in one annotation; {@link dev.uringlab.cli.RunCommand}
 * runs a scenario file. The CLI sits on top of the house: it finds ring engines and strategies
 * by name through ring-api ({@link dev.uringlab.api.Rings}, {@link dev.uringlab.spi.Strategies}),
 * and the packaged jar carries them as runtime dependencies.
 *
 * <p>Exit status, for every subcommand: 0 success; 1 a failure at run time (including a ring
 * engine that cannot run on this machine); 2 an error in the command line or in an input file.
 *
 * <p>May not: import ring-core, ring-native or a strategy module.
 */
package dev.uringlab.cli;
