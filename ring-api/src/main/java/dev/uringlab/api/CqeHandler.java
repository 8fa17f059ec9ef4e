package dev.uringlab.api;

/** Receives one CQE's fields, without allocation ({@link Ring#forEachCqe(CqeHandler)}). */
@FunctionalInterface
public interface CqeHandler {
    void accept(long userData, int res, int flags);
}
