package dev.uringlab.reports.input;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The unit a benchmark's scores are shown in: as measured, or as time per operation like its author's figure. */
public enum Display {
    /** Operations per second, as JMH measured them; higher is better. */
    OPS_PER_S("ops/s"),
    /** Nanoseconds per operation: 1e9 / (ops/s), the interval's ends transformed the same way; lower is better. */
    NS_PER_OP("ns/op");

    private final String unit;

    Display(String unit) {
        this.unit = unit;
    }

    /** The unit as written in the claims file and shown in the report. */
    @JsonValue
    public String unit() {
        return unit;
    }

    /** The display whose unit is {@code unit}. */
    @JsonCreator
    public static Display ofUnit(String unit) {
        for (Display d : values()) {
            if (d.unit.equals(unit)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown display unit '" + unit + "', expected ops/s or ns/op");
    }
}
