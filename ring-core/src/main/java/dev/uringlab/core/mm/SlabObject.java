package dev.uringlab.core.mm;

/**
 * What a slab hands out: an object that knows the slab page it lives in and its place there,
 * as a kernel object's address does ({@code virt_to_head_page(x)}, and the object's index in
 * the page from its offset). Set once, when the page is made ({@code allocate_slab}); the
 * object keeps them for its life, whoever holds it.
 */
public abstract class SlabObject {
    /** virt_to_head_page(x): the slab page that made this object. */
    SlabPage slabPage;
    /** The object's index in its page: (x - page_address(page)) / s->size. */
    int slabIndex;
}
