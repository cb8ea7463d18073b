package io.fx.micronaut.model.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDirective;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The directives of one {@code @Fx} value, parsed: comma-separated, whitespace trimmed, an optional
 * {@code :value} or {@code ;value} after each name. Names are looked up in the {@link DirectiveCatalog}; unknown names are
 * warned about (naming the closest registered one) or, in strict mode, refused.
 */
@Internal
final class ParsedDirectives {

    private static final Logger LOG = LoggerFactory.getLogger(ParsedDirectives.class);
    /** Directives that only a model class carries ({@code @Fx} on the type). */
    private static final java.util.Set<String> MODEL_LEVEL = java.util.Set.of("versioned");

    private final Map<String, String> values;
    private final Map<FieldDirective, String> directives;

    private ParsedDirectives(Map<String, String> values, Map<FieldDirective, String> directives) {
        this.values = values;
        this.directives = directives;
    }

    static ParsedDirectives parse(String text, String model, String field, boolean strict, DirectiveCatalog catalog) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<FieldDirective, String> directives = new LinkedHashMap<>();
        for (String[] item : split(text)) {
            String name = item[0];
            String value = item[1];
            if (MODEL_LEVEL.contains(name)) {
                throw new FxConfigurationException("Model " + model + ", field " + field + ": '" + name
                    + "' is a directive of the model, not of a field: put @Fx(\"" + name + "\") on the model class "
                    + "or use @FxModel(versioned = true)");
            }
            FieldDirective directive = catalog.find(name).orElse(null);
            if (directive == null) {
                unknown(name, model, field, strict, catalog);
                continue;
            }
            if (directive.takesValue() && (value == null || value.isEmpty())) {
                throw new FxConfigurationException("Model " + model + ", field " + field + ": directive '"
                    + name + "' needs a value, as in '" + name + ":...'");
            }
            values.put(name, value == null ? "" : value);
            directives.put(directive, value);
        }
        return new ParsedDirectives(values, directives);
    }

    /**
     * Reads directive names and values without looking them up (the relation scan reads its own directives
     * after the field parse has already checked and warned).
     */
    static ParsedDirectives parseQuietly(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String[] item : split(text)) {
            values.put(item[0], item[1] == null ? "" : item[1]);
        }
        return new ParsedDirectives(values, Map.of());
    }

    private static Iterable<String[]> split(String text) {
        java.util.List<String[]> items = new java.util.ArrayList<>();
        if (text == null || text.isBlank()) {
            return items;
        }
        for (String part : text.split(",")) {
            String item = part.trim();
            if (item.isEmpty()) {
                continue;
            }
            int end = nameEnd(item);
            String name = (end < 0 ? item : item.substring(0, end)).trim();
            String value = end < 0 ? null : item.substring(end + 1).trim();
            items.add(new String[] {name, value});
        }
        return items;
    }

    /**
     * A name ends at the first {@code :} ({@code max:10}, {@code relation:Author;onDelete:cascade}) or {@code ;}
     * ({@code scheduled;soft-delete}, whose options follow the first semicolon), whichever comes first.
     */
    private static int nameEnd(String item) {
        int colon = item.indexOf(':');
        int semicolon = item.indexOf(';');
        if (colon < 0) {
            return semicolon;
        }
        return semicolon < 0 ? colon : Math.min(colon, semicolon);
    }

    private static void unknown(String name, String model, String field, boolean strict, DirectiveCatalog catalog) {
        if (catalog.isProvidedByAbsentModule(name)) {
            throw new FxConfigurationException("Model " + model + ", field " + field + ": directive '" + name
                + "' is not supported by this version of fx-micronaut without the module that provides it");
        }
        FieldDirective misspelt = catalog.fatalNearMiss(name).orElse(null);
        if (misspelt != null) {
            throw new FxConfigurationException("Model " + model + ", field " + field + ": unknown directive '" + name
                + "' is a near-miss of '" + misspelt.name() + "', which must not be dropped silently; fix the spelling");
        }
        String message = "Model " + model + ", field " + field + ": unknown directive '" + name
            + "' (did you mean '" + catalog.closest(name) + "'?)";
        if (strict) {
            throw new FxConfigurationException(message + "; fx.strict=true refuses unknown directives");
        }
        LOG.warn("{}; it is ignored", message);
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    String value(String name) {
        return values.get(name);
    }

    /** @return the registered directives present, with their raw values (null when written bare) */
    Map<FieldDirective, String> directives() {
        return directives;
    }
}
