package dev.uringlab.demos;

/** A demo's program failed on one of its arms (a step of the scenario failed at run time). */
public final class DemoFailedException extends Exception {
    public DemoFailedException(String message) {
        super(message);
    }
}
