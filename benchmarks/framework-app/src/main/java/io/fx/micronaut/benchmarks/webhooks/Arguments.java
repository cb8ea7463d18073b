package io.fx.micronaut.benchmarks.webhooks;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@code --name value} pairs of a benchmark program's command line.
 */
final class Arguments {

    private final Map<String, String> values;

    private Arguments(Map<String, String> values) {
        this.values = values;
    }

    /**
     * @param args the command line
     * @return its pairs
     * @throws IllegalArgumentException when an argument is not a {@code --name value} pair
     */
    static Arguments parse(String[] args) {
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("expected --name value pairs");
        }
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
            }
            values.put(args[i].substring(2), args[i + 1]);
        }
        return new Arguments(values);
    }

    /**
     * @param name a name, without the dashes
     * @return its value
     * @throws IllegalArgumentException when it is missing
     */
    String required(String name) {
        String value = values.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }

    /**
     * @param name     a name, without the dashes
     * @param fallback the value when it is missing
     * @return its value as a non-negative integer
     * @throws IllegalArgumentException when it is not one
     */
    int integer(String name, int fallback) {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.strip());
            if (parsed < 0) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a non-negative integer, not " + value);
        }
    }
}
