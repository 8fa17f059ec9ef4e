package dev.uringlab.strategy.biocache;

import dev.uringlab.spi.Bio;
import dev.uringlab.spi.KmemCache;

/**
 * One CPU's list of free bios ({@code struct bio_alloc_cache}'s {@code free_list} with its
 * {@code nr}): LIFO, so the bio handed out next is the one freed last, still warm in the CPU's
 * cache. The kernel links the bios through {@code bi_next}; here the list is an array used as
 * a stack, with the head at {@code nr - 1}. Not thread-safe: each owner states its rule.
 */
final class BioFreeList {
    private Bio[] bios;
    /** cache->nr. */
    int nr;

    BioFreeList(int capacity) {
        this.bios = new Bio[capacity];
    }

    /** bio_list_pop / {@code cache->free_list = bio->bi_next}: the head, or null when empty. */
    Bio pop() {
        if (nr == 0) {
            return null;
        }
        Bio bio = bios[--nr];
        bios[nr] = null;
        return bio;
    }

    /** bio_list_add_head / {@code bio->bi_next = cache->free_list; cache->free_list = bio}. */
    void push(Bio bio) {
        bios[nr++] = bio;
    }

    /**
     * bio_alloc_cache_prune: bio_free up to {@code max} bios from the head back to
     * {@code pool}, on CPU {@code cpu}. Returns how many went.
     */
    int prune(KmemCache<Bio> pool, int max, int cpu) {
        int i = 0;
        Bio bio;
        while (i < max && (bio = pop()) != null) {
            pool.kmemCacheFree(bio, cpu);
            i++;
        }
        return i;
    }

    /** The splice of a whole list: this (empty) list takes {@code other}'s bios and {@code other} is left empty. */
    void takeAll(BioFreeList other) {
        Bio[] mine = bios;
        bios = other.bios;
        nr = other.nr;
        other.bios = mine;
        other.nr = 0;
    }
}
