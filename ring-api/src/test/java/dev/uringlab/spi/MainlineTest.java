package dev.uringlab.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Release ranges over kernel versions, development trees ({@code for-X.Y}) among them. */
class MainlineTest {

    @Test
    void shouldPlaceADevelopmentTreeAfterTheReleasesBeforeItAndBeforeItsOwnRelease() {
        assertThat(Strategies.compareKernel("for-5.16", "5.15")).isPositive();
        assertThat(Strategies.compareKernel("for-5.16", "5.16")).isNegative();
        assertThat(Strategies.compareKernel("5.16", "for-5.16")).isPositive();
        assertThat(Strategies.compareKernel("for-5.16", "for-5.16")).isZero();
        assertThat(Strategies.compareKernel("5.9", "5.16")).isNegative();
    }

    @Test
    void shouldHoldAMechanismOfTheTreeOnlyInTheTree() {
        Mainline treeOnly = Mainline.between("for-5.16", "5.16");
        assertThat(treeOnly.contains("for-5.16")).isTrue();
        assertThat(treeOnly.contains("5.15")).isFalse();
        assertThat(treeOnly.contains("5.16")).isFalse();
        assertThat(Mainline.between("5.11", "5.16").contains("for-5.16")).as("5.15's mechanism, still in the tree").isTrue();
        assertThat(Mainline.since("5.16").contains("for-5.16")).as("the release's mechanism, not yet in the tree").isFalse();
    }
}
