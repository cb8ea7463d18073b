package io.fx.micronaut.model.internal;

import io.micronaut.core.annotation.Internal;

import java.util.Locale;
import java.util.Map;

/**
 * Derives snake_case column names and pluralised table names.
 */
@Internal
public final class Naming {

    private static final Map<String, String> IRREGULAR = Map.ofEntries(
        Map.entry("person", "people"), Map.entry("child", "children"), Map.entry("man", "men"),
        Map.entry("woman", "women"), Map.entry("mouse", "mice"), Map.entry("goose", "geese"),
        Map.entry("foot", "feet"), Map.entry("tooth", "teeth"), Map.entry("ox", "oxen"),
        Map.entry("datum", "data"), Map.entry("index", "indices"), Map.entry("series", "series"),
        Map.entry("species", "species"), Map.entry("news", "news"));

    private Naming() {
    }

    /**
     * @param name a camelCase or PascalCase name
     * @return its snake_case form ({@code publishedAt} → {@code published_at}, {@code HTTPCode} → {@code http_code})
     */
    public static String snakeCase(String name) {
        return io.fx.micronaut.model.ModelNames.snakeCase(name);
    }

    /**
     * @param className a class simple name
     * @return the pluralised snake_case table name ({@code Person} → {@code people}, {@code Category} → {@code categories})
     */
    public static String tableName(String className) {
        String snake = snakeCase(className);
        int cut = snake.lastIndexOf('_') + 1;
        return snake.substring(0, cut) + plural(snake.substring(cut));
    }

    /**
     * @param word a lower-case English noun
     * @return its plural
     */
    public static String plural(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        String irregular = IRREGULAR.get(lower);
        if (irregular != null) {
            return irregular;
        }
        if (lower.endsWith("s") || lower.endsWith("x") || lower.endsWith("z") || lower.endsWith("ch") || lower.endsWith("sh")) {
            return lower + "es";
        }
        if (lower.endsWith("y") && lower.length() > 1 && "aeiou".indexOf(lower.charAt(lower.length() - 2)) < 0) {
            return lower.substring(0, lower.length() - 1) + "ies";
        }
        return lower + "s";
    }
}
