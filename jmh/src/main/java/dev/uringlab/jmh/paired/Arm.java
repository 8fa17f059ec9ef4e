package dev.uringlab.jmh.paired;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One arm's benchmark, run inside the arm's own class loader ({@link Arms}): this class, the
 * benchmark class, its states, the workload, ring-api, ring-core and the strategies are all
 * loaded by that loader, so the JIT profiles and compiles them apart from the other arm's
 * copies. The harness sees it only as the JDK's {@link LongUnaryOperator} and
 * {@link AutoCloseable}.
 *
 * <p>It does for one benchmark method what JMH's generated code does, the timing aside: makes
 * the benchmark instance and one instance of each {@code @State} argument, sets their
 * {@code @Param} fields from the arm's params (a param left out takes its only declared value),
 * runs their trial and iteration {@code @Setup} methods (superclass first) and, at
 * {@link #close()}, their {@code @TearDown}s in reverse. A benchmark whose states ask for
 * invocation-level fixtures, or take arguments in them, is refused: none of ours does.
 */
public final class Arm implements LongUnaryOperator, AutoCloseable {
    private final LongSupplier invocation;
    private final long opsPerInvocation;
    private final List<Method> teardowns = new ArrayList<>();
    private final List<Object> teardownTargets = new ArrayList<>();
    private long sink;

    /**
     * Makes and sets up the arm's states.
     *
     * @param benchmark the method's full name, e.g. {@code dev.uringlab.jmh.Nops32Benchmark.nops32}
     * @param params    its {@code @Param} values by name
     */
    public Arm(String benchmark, Map<String, String> params) throws ReflectiveOperationException {
        int dot = benchmark.lastIndexOf('.');
        Class<?> type = Class.forName(benchmark.substring(0, dot), true, Arm.class.getClassLoader());
        String name = benchmark.substring(dot + 1);
        Method method = Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(name) && m.isAnnotationPresent(Benchmark.class)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no @Benchmark method " + benchmark));
        OperationsPerInvocation ops = method.getAnnotation(OperationsPerInvocation.class);
        opsPerInvocation = ops == null ? 1 : ops.value();
        Object instance = type.getConstructor().newInstance();
        Object[] states = new Object[method.getParameterCount()];
        for (int i = 0; i < states.length; i++) {
            states[i] = method.getParameterTypes()[i].getConstructor().newInstance();
            setParams(states[i], params);
        }
        for (Level level : List.of(Level.Trial, Level.Iteration)) {
            for (Object state : states) {
                for (Method setup : fixtures(state.getClass(), Setup.class, level)) {
                    setup.invoke(state);
                }
            }
        }
        for (Level level : List.of(Level.Iteration, Level.Trial)) {
            for (int i = states.length - 1; i >= 0; i--) {
                List<Method> own = fixtures(states[i].getClass(), TearDown.class, level);
                Collections.reverse(own);
                for (Method m : own) {
                    teardowns.add(m);
                    teardownTargets.add(states[i]);
                }
            }
        }
        invocation = invoker(method, instance, states);
    }

    /**
     * The benchmark method bound to its instance and states, as a class of its own in this arm's
     * loader ({@link LambdaMetafactory} spins one per arm, a direct call to the method), so that
     * the call in {@link #applyAsLong} sees one receiver class and the JIT inlines the method there
     * as JMH's generated loop would. A method handle would route both arms' calls through the
     * JDK's shared lambda forms, whose compiled code and profile the two arms would share.
     */
    private static LongSupplier invoker(Method method, Object instance, Object[] states) throws ReflectiveOperationException {
        if (method.getReturnType() != int.class && method.getReturnType() != long.class) {
            throw new IllegalArgumentException(method + " returns " + method.getReturnType()
                    + ": a paired arm's method returns its result as an int or a long, as ours do");
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle impl = lookup.unreflect(method);
        Object[] captured = new Object[states.length + 1];
        captured[0] = instance;
        System.arraycopy(states, 0, captured, 1, states.length);
        try {
            return (LongSupplier) LambdaMetafactory.metafactory(lookup, "getAsLong",
                    MethodType.methodType(LongSupplier.class, impl.type().parameterArray()), MethodType.methodType(long.class), impl,
                    MethodType.methodType(long.class)).getTarget().invokeWithArguments(captured);
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot bind " + method, t);
        }
    }

    /**
     * Runs the benchmark method until {@code deadline} ({@link System#nanoTime()}), at least once.
     *
     * @return the operations done: invocations times {@code @OperationsPerInvocation}
     */
    @Override
    public long applyAsLong(long deadline) {
        long invocations = 0;
        long s = sink;
        do {
            s += invocation.getAsLong();
            invocations++;
        } while (System.nanoTime() < deadline);
        sink = s;
        return invocations * opsPerInvocation;
    }

    /** Runs the states' teardowns, iteration level first, the last state first. */
    @Override
    public void close() throws ReflectiveOperationException {
        for (int i = 0; i < teardowns.size(); i++) {
            teardowns.get(i).invoke(teardownTargets.get(i));
        }
    }

    private static void setParams(Object state, Map<String, String> params) throws IllegalAccessException {
        for (Class<?> c = state.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null) {
                    continue;
                }
                String value = params.get(f.getName());
                if (value == null) {
                    if (p.value().length != 1) {
                        throw new IllegalArgumentException("the arm gives no value for @Param " + f.getName() + " (one of "
                                + String.join(", ", p.value()) + ")");
                    }
                    value = p.value()[0];
                }
                f.setAccessible(true);
                f.set(state, convert(value, f.getType(), f.getName()));
            }
        }
    }

    private static Object convert(String value, Class<?> type, String name) {
        if (type == String.class) {
            return value;
        } else if (type == int.class) {
            return Integer.parseInt(value);
        } else if (type == long.class) {
            return Long.parseLong(value);
        } else if (type == boolean.class) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("@Param " + name + " of type " + type + " is not supported in a paired arm");
    }

    /** The {@code @Setup} or {@code @TearDown} methods of {@code level} in {@code type}, superclass first. */
    private static List<Method> fixtures(Class<?> type, Class<? extends java.lang.annotation.Annotation> kind, Level level) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            chain.addFirst(c);
        }
        List<Method> out = new ArrayList<>();
        for (Class<?> c : chain) {
            for (Method m : c.getDeclaredMethods()) {
                if (!m.isAnnotationPresent(kind) || Modifier.isStatic(m.getModifiers())) {
                    continue;
                }
                Level l = kind == Setup.class ? m.getAnnotation(Setup.class).value() : m.getAnnotation(TearDown.class).value();
                if (l == Level.Invocation || m.getParameterCount() != 0) {
                    throw new IllegalArgumentException(m + ": a paired arm runs no invocation-level fixture and passes no fixture arguments");
                }
                if (l == level) {
                    m.setAccessible(true);
                    out.add(m);
                }
            }
        }
        return out;
    }
}
