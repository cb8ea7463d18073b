package io.fx.micronaut.benchmarks.coldstart;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The driver's arguments: {@code --handler CLASS --ids FILE [--label TEXT] [--warm-reads N] [--warm-creates N]}.
 *
 * @param handler     the handler's class name
 * @param ids         the seeder's file of post ids, one a line (the first two are read cold)
 * @param label       echoed in the BENCH line
 * @param warmReads   reads of the warm part
 * @param warmCreates creates of the warm part
 * @since 0.9.0
 */
record DriverOptions(String handler, Path ids, String label, int warmReads, int warmCreates) {

    static DriverOptions parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        String handler = options.get("handler");
        String ids = options.get("ids");
        if (handler == null || ids == null) {
            throw new IllegalArgumentException("--handler and --ids are required");
        }
        return new DriverOptions(handler, Path.of(ids), options.getOrDefault("label", "run"),
            count(options, "warm-reads"), count(options, "warm-creates"));
    }

    private static int count(Map<String, String> options, String name) {
        int value = Integer.parseInt(options.getOrDefault(name, "0"));
        if (value < 0) {
            throw new IllegalArgumentException("--" + name + " must not be negative");
        }
        return value;
    }
}
