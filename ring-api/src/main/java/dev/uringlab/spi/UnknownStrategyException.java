package dev.uringlab.spi;

/** A strategy alias, axis key or profile that no registered provider answers to; the message lists those available. */
public final class UnknownStrategyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnknownStrategyException(String message) {
        super(message);
    }
}
