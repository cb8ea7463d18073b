package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;

import java.lang.management.ManagementFactory;

/**
 * {@code GET /bench/allocated}: the bytes the JVM's threads have allocated on the heap since it started
 * ({@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}), read by {@code benchmarks/files.sh} before
 * and after a series of uploads. Benchmark-only: present with {@code -Dbench.allocation=true}.
 *
 * @since 0.1.0
 */
@Controller("/bench")
@Requires(property = "bench.allocation", value = "true")
public class AllocationController {

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** @return the bytes allocated so far, as decimal text */
    @Get("/allocated")
    @Produces(MediaType.TEXT_PLAIN)
    public String allocated() {
        return Long.toString(threads.getTotalThreadAllocatedBytes());
    }
}
