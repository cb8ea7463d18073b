package io.fx.micronaut.model.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParsedDirectivesTest {

    private static final DirectiveCatalog CORE = DirectiveCatalog.core();

    private static ParsedDirectives parse(String text, String model, String field, boolean strict) {
        return ParsedDirectives.parse(text, model, field, strict, CORE);
    }

    @Test
    void parsesCommaSeparatedDirectivesWithValuesAndTrimsWhitespace() {
        ParsedDirectives d = parse(" required ,enum: a|b|c , min:0,max: 5.5, default:draft,", "M", "f", true);
        assertTrue(d.has("required"));
        assertEquals("a|b|c", d.value("enum"));
        assertEquals("0", d.value("min"));
        assertEquals("5.5", d.value("max"));
        assertEquals("draft", d.value("default"));
        assertFalse(d.has("hidden"));
        assertEquals(5, d.directives().size());
    }

    @ParameterizedTest
    @CsvSource({"read_only, readonly", "filterabel, filterable", "requird, required", "sortible, sortable",
        "jsonarray, json_array", "write_only, writeonly"})
    void unknownDirectivesSuggestTheClosestRegisteredOne(String typo, String closest) {
        assertEquals(closest, CORE.closest(typo));
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> parse(typo, "Post", "title", true));
        assertTrue(e.getMessage().contains("Model Post, field title: unknown directive '" + typo
            + "' (did you mean '" + closest + "'?)"), e.getMessage());
    }

    @Test
    void unknownDirectivesAreIgnoredOutsideStrictMode() {
        ParsedDirectives d = parse("read_only, filterable", "Post", "title", false);
        assertTrue(d.has("filterable"));
        assertFalse(d.has("readonly"));
        assertFalse(d.has("read_only"));
    }

    @Test
    void directivesOfAbsentModulesFailClearly() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> parse("encrypted, filterable", "Post", "email", false));
        assertTrue(e.getMessage().contains("directive 'encrypted' is not supported"), e.getMessage());
    }

    @Test
    void relationDirectivesKeepTheirOptionsInTheValue() {
        ParsedDirectives d = parse("relation:Author;onDelete:cascade, filterable", "Post", "author_ref", true);
        assertEquals("Author;onDelete:cascade", d.value("relation"));
        assertTrue(d.has("filterable"));
        assertEquals("PostTag", parse("through:PostTag", "Post", "tags", true).value("through"));
        assertEquals("setNull", ParsedDirectives.parseQuietly("onDelete:setNull").value("onDelete"));
    }

    @Test
    void aValueDirectiveWithoutValueFails() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> parse("enum:", "Post", "status", false));
        assertTrue(e.getMessage().contains("directive 'enum' needs a value"), e.getMessage());
    }

    /** A module's directive whose misspellings must not be dropped. */
    private static final io.fx.micronaut.model.FieldDirective GUARDED = new io.fx.micronaut.model.FieldDirective() {
        @Override
        public String name() {
            return "sealedup";
        }

        @Override
        public boolean nearMissFatal() {
            return true;
        }

        @Override
        public void apply(io.fx.micronaut.model.FieldDescriptor.Builder field, Object value,
                          io.fx.micronaut.model.DirectiveSite site) {
        }
    };

    @ParameterizedTest
    @CsvSource({"sealdup", "sealedpu", "sealed_up", "selaedup"})
    void aNearMissOfAFatalDirectiveFailsEvenWithoutStrictMode(String typo) {
        DirectiveCatalog catalog = DirectiveCatalog.of(java.util.List.of(GUARDED));
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> ParsedDirectives.parse(typo, "Post", "title", false, catalog));
        assertTrue(e.getMessage().contains("'" + typo + "' is a near-miss of 'sealedup'"), e.getMessage());
    }

    @Test
    void aDistantUnknownDirectiveIsStillOnlyWarnedAbout() {
        DirectiveCatalog catalog = DirectiveCatalog.of(java.util.List.of(GUARDED));
        assertFalse(ParsedDirectives.parse("sealing", "Post", "title", false, catalog).has("sealing"));
    }
}
