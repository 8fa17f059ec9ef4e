package dev.uringlab.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every errno constant is named both ways, and the values are asm-generic's. */
class ErrnoTest {

    @Test
    void shouldNameEveryConstantBothWays() throws Exception {
        List<Field> constants = Arrays.stream(Errno.class.getFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == int.class).toList();
        assertThat(constants).isNotEmpty();
        for (Field f : constants) {
            int value = f.getInt(null);
            assertThat(Errno.byName(f.getName())).as("byName(%s)", f.getName()).isEqualTo(value);
            assertThat(Errno.name(value)).as("name(%d)", value).isEqualTo(f.getName());
        }
    }

    @Test
    void shouldHoldAsmGenericValues() {
        // include/uapi/asm-generic/errno-base.h and errno.h
        assertThat(Errno.EINVAL).isEqualTo(22);
        assertThat(Errno.EBADF).isEqualTo(9);
        assertThat(Errno.ECANCELED).isEqualTo(125);
        assertThat(Errno.EOPNOTSUPP).isEqualTo(95);
        assertThat(Errno.ETIME).isEqualTo(62);
    }

    @Test
    void shouldAnswerForUnknownNamesAndValues() {
        assertThat(Errno.byName("ENOTANERRNO")).isEqualTo(-1);
        assertThat(Errno.name(4095)).isEqualTo("errno 4095");
    }
}
