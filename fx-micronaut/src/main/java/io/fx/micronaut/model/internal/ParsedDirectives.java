package io.fx.micronaut.model.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;
import java.util.Map;

/**
 * The directives of one {@code @Fx} value, parsed: comma-separated, whitespace trimmed, an optional
 * {@code :value} after each name. Unknown names are warned about (naming the closest known one) or,
 * in strict mode, refused.
 */
@Internal
final class ParsedDirectives {

    private static final Logger LOG = LoggerFactory.getLogger(ParsedDirectives.class);

    private final Map<Directive, String> values;

    private ParsedDirectives(Map<Directive, String> values) {
        this.values = values;
    }

    static ParsedDirectives parse(String text, String model, String field, boolean strict) {
        return parse(text, model, field, strict, true);
    }

    /**
     * Parses directives a second time (the relation scan), without repeating the warnings the first
     * parse already logged.
     */
    static ParsedDirectives parseQuietly(String text, String model, String field) {
        return parse(text, model, field, false, false);
    }

    private static ParsedDirectives parse(String text, String model, String field, boolean strict, boolean warn) {
        Map<Directive, String> values = new EnumMap<>(Directive.class);
        if (text == null || text.isBlank()) {
            return new ParsedDirectives(values);
        }
        for (String part : text.split(",")) {
            String item = part.trim();
            if (item.isEmpty()) {
                continue;
            }
            int colon = item.indexOf(':');
            String name = (colon < 0 ? item : item.substring(0, colon)).trim();
            String value = colon < 0 ? null : item.substring(colon + 1).trim();
            int semicolon = name.indexOf(';');
            String baseName = semicolon < 0 ? name : name.substring(0, semicolon);
            if (Directive.NOT_YET_SUPPORTED.contains(baseName)) {
                throw new FxConfigurationException("Model " + model + ", field " + field + ": directive '" + baseName
                    + "' is not supported by this version of fx-micronaut");
            }
            Directive directive = Directive.fromToken(name).orElse(null);
            if (directive == null) {
                String message = "Model " + model + ", field " + field + ": unknown directive '" + name
                    + "' (did you mean '" + Directive.closest(name) + "'?)";
                if (strict) {
                    throw new FxConfigurationException(message + "; fx.strict=true refuses unknown directives");
                }
                if (warn) {
                    LOG.warn("{}; it is ignored", message);
                }
                continue;
            }
            if (directive.takesValue() && (value == null || value.isEmpty())) {
                throw new FxConfigurationException("Model " + model + ", field " + field + ": directive '"
                    + directive.token() + "' needs a value, as in '" + directive.token() + ":...'");
            }
            values.put(directive, value == null ? "" : value);
        }
        return new ParsedDirectives(values);
    }

    boolean has(Directive directive) {
        return values.containsKey(directive);
    }

    String value(Directive directive) {
        return values.get(directive);
    }
}
