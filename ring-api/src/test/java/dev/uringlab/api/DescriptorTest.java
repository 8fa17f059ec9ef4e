package dev.uringlab.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The SQE and CQE layouts as include/uapi/linux/io_uring.h gives them. */
class DescriptorTest {

    @Test
    void shouldLayOutTheSqeFieldsInOrderWithoutOverlap() {
        // offset, size of each field up to addr3, as in struct io_uring_sqe
        int[][] fields = {
                {SqeDescriptor.OPCODE_OFFSET, 1}, {SqeDescriptor.FLAGS_OFFSET, 1}, {SqeDescriptor.IOPRIO_OFFSET, 2},
                {SqeDescriptor.FD_OFFSET, 4}, {SqeDescriptor.OFF_OFFSET, 8}, {SqeDescriptor.ADDR_OFFSET, 8},
                {SqeDescriptor.LEN_OFFSET, 4}, {SqeDescriptor.OP_FLAGS_OFFSET, 4}, {SqeDescriptor.USER_DATA_OFFSET, 8},
                {SqeDescriptor.BUF_INDEX_OFFSET, 2}, {SqeDescriptor.PERSONALITY_OFFSET, 2},
                {SqeDescriptor.FILE_INDEX_OFFSET, 4}, {SqeDescriptor.ADDR3_OFFSET, 8},
        };
        int end = 0;
        for (int[] f : fields) {
            assertThat(f[0]).as("field at %d starts where the previous ends", f[0]).isEqualTo(end);
            assertThat(f[0] % f[1]).as("field at %d is naturally aligned", f[0]).isZero();
            end = f[0] + f[1];
        }
        assertThat(end + 8).as("addr3 and __pad2[1] end the 64 bytes").isEqualTo(SqeDescriptor.SQE_SIZE);
    }

    @Test
    void shouldLayOutTheCqe() {
        assertThat(CqeDescriptor.USER_DATA_OFFSET).isZero();
        assertThat(CqeDescriptor.RES_OFFSET).isEqualTo(8);
        assertThat(CqeDescriptor.FLAGS_OFFSET).isEqualTo(12);
        assertThat(CqeDescriptor.CQE_SIZE).isEqualTo(16);
    }
}
