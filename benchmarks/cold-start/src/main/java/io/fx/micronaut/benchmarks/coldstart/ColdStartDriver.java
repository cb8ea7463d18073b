package io.fx.micronaut.benchmarks.coldstart;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;

/**
 * One cold start of an API Gateway (payload 1.0) Lambda handler, in the JVM it runs in (start a fresh one per run):
 * <ol>
 *   <li>init: the handler class built by its public no-argument constructor, as the Lambda runtime builds it (the
 *       application context starts there), measured from the JVM's start ({@code RuntimeMXBean} start time);</li>
 *   <li>the first and the second invocation of {@code GET /api/posts/{id}} (two seeded posts), each timed, each
 *       required to answer 200;</li>
 *   <li>the resident set size then ({@code VmRSS} of {@code /proc/self/status});</li>
 *   <li>the warm part, when asked for: {@code --warm-reads} reads of seeded posts (a fixed pseudo-random sequence)
 *       and then {@code --warm-creates} creates, invoked one after another in this JVM as one Lambda instance serves
 *       them, each counted per second; the RSS after them.</li>
 * </ol>
 * Prints one line, {@code BENCH label=.. main_ms=.. init_ms=.. first_ms=.. second_ms=.. rss_mb=.. reads_per_s=..
 * creates_per_s=.. rss_warm_mb=.. errors=..}, and exits non-zero when a cold invocation fails.
 *
 * <p>Arguments: {@code --handler CLASS --ids FILE [--label TEXT] [--warm-reads N] [--warm-creates N]}. The JVM's
 * class path holds this jar and the function's shaded jar; the database and the rest come from the application's
 * configuration and system properties.
 *
 * @since 0.9.0
 */
public final class ColdStartDriver {

    private static final String CREATE = "{\"title\":\"Cold start post %d\",\"body\":\"Created by the cold-start "
        + "benchmark.\",\"status\":\"archived\",\"views\":%d,\"rating\":3.5,\"labels\":[\"bench\",\"lambda\"],"
        + "\"attributes\":{\"source\":\"cold-start\"}}";

    private ColdStartDriver() {
    }

    /**
     * @param args see the class documentation
     * @throws Exception when the handler cannot be built (the process exits non-zero)
     */
    public static void main(String[] args) throws Exception {
        long mainAt = System.currentTimeMillis();
        DriverOptions options = DriverOptions.parse(args);
        RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> handler = handler(options.handler());
        long initDone = System.currentTimeMillis();

        List<String> ids = ids(options.ids());
        double first = invokeOrFail(handler, ProxyEvents.get("/api/posts/" + ids.get(0), requestId()), 200, "first");
        double second = invokeOrFail(handler, ProxyEvents.get("/api/posts/" + ids.get(1), requestId()), 200, "second");
        long rss = rssKb();

        // read after the cold part: the value is the JVM's start, fixed, and the MXBean costs class loading
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        StringBuilder line = new StringBuilder("BENCH label=").append(options.label())
            .append(" main_ms=").append(mainAt - jvmStart)
            .append(" init_ms=").append(initDone - jvmStart)
            .append(String.format(Locale.ROOT, " first_ms=%.2f second_ms=%.2f", first, second))
            .append(" rss_mb=").append(rss / 1024);

        WarmPart warm = WarmPart.run(handler, ids, options.warmReads(), options.warmCreates());
        line.append(String.format(Locale.ROOT, " reads=%d reads_per_s=%.1f creates=%d creates_per_s=%.1f",
            options.warmReads(), warm.readsPerSecond(), options.warmCreates(), warm.createsPerSecond()));
        if (options.warmReads() + options.warmCreates() > 0) {
            line.append(" rss_warm_mb=").append(rssKb() / 1024);
        }
        line.append(" errors=").append(warm.errors());
        System.out.println(line);
        if (handler instanceof AutoCloseable closeable) {
            closeable.close();
        }
        System.exit(0);
    }

    /** Built as the Lambda runtime builds a handler: the named class's public no-argument constructor. */
    @SuppressWarnings("unchecked")
    private static RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> handler(String name)
        throws ReflectiveOperationException {
        return (RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent>)
            Class.forName(name).getConstructor().newInstance();
    }

    private static double invokeOrFail(RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> handler,
                                       APIGatewayProxyRequestEvent event, int expected, String which) {
        long started = System.nanoTime();
        APIGatewayProxyResponseEvent response = handler.handleRequest(event, new BenchContext(requestId()));
        double ms = (System.nanoTime() - started) / 1_000_000.0;
        if (response == null || response.getStatusCode() == null || response.getStatusCode() != expected) {
            System.err.println("the " + which + " invocation of " + event.getHttpMethod() + " " + event.getPath()
                + " answered " + (response == null ? "nothing" : response.getStatusCode() + " " + response.getBody()));
            System.exit(1);
        }
        return ms;
    }

    static String requestId() {
        return UUID.randomUUID().toString();
    }

    /** @return the create body of the n-th warm create */
    static String createBody(int n) {
        return String.format(Locale.ROOT, CREATE, n, n);
    }

    /** @return a fixed pseudo-random sequence of indexes into the ids, the same for every handler */
    static Random sequence() {
        return new Random(1234);
    }

    private static List<String> ids(Path file) throws IOException {
        List<String> ids = Files.readAllLines(file).stream().filter(id -> !id.isBlank()).toList();
        if (ids.size() < 2) {
            throw new IllegalArgumentException(file + " holds fewer than two post ids");
        }
        return ids;
    }

    /** @return VmRSS in kB, or -1 where /proc/self/status does not exist */
    static long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
