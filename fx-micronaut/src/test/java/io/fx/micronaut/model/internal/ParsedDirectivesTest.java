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

    @Test
    void parsesCommaSeparatedDirectivesWithValuesAndTrimsWhitespace() {
        ParsedDirectives d = ParsedDirectives.parse(" required ,enum: a|b|c , min:0,max: 5.5, default:draft,", "M", "f", true);
        assertTrue(d.has(Directive.REQUIRED));
        assertEquals("a|b|c", d.value(Directive.ENUM));
        assertEquals("0", d.value(Directive.MIN));
        assertEquals("5.5", d.value(Directive.MAX));
        assertEquals("draft", d.value(Directive.DEFAULT));
        assertFalse(d.has(Directive.HIDDEN));
    }

    @ParameterizedTest
    @CsvSource({"read_only, readonly", "filterabel, filterable", "requird, required", "sortible, sortable",
        "jsonarray, json_array", "write_only, writeonly"})
    void unknownDirectivesSuggestTheClosestKnownOne(String typo, String closest) {
        assertEquals(closest, Directive.closest(typo));
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> ParsedDirectives.parse(typo, "Post", "title", true));
        assertTrue(e.getMessage().contains("Model Post, field title: unknown directive '" + typo
            + "' (did you mean '" + closest + "'?)"), e.getMessage());
    }

    @Test
    void unknownDirectivesAreIgnoredOutsideStrictMode() {
        ParsedDirectives d = ParsedDirectives.parse("read_only, filterable", "Post", "title", false);
        assertTrue(d.has(Directive.FILTERABLE));
        assertFalse(d.has(Directive.READONLY));
    }

    @Test
    void directivesOfLaterFeaturesFailClearly() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> ParsedDirectives.parse("encrypted, filterable", "Post", "email", false));
        assertTrue(e.getMessage().contains("directive 'encrypted' is not supported"), e.getMessage());
    }

    @Test
    void relationDirectivesKeepTheirOptionsInTheValue() {
        ParsedDirectives d = ParsedDirectives.parse("relation:Author;onDelete:cascade, filterable", "Post", "author_ref",
            true);
        assertEquals("Author;onDelete:cascade", d.value(Directive.RELATION));
        assertTrue(d.has(Directive.FILTERABLE));
        assertEquals("PostTag", ParsedDirectives.parse("through:PostTag", "Post", "tags", true).value(Directive.THROUGH));
        assertEquals("setNull", ParsedDirectives.parse("onDelete:setNull", "Post", "author_id", true)
            .value(Directive.ON_DELETE));
    }

    @Test
    void aValueDirectiveWithoutValueFails() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> ParsedDirectives.parse("enum:", "Post", "status", false));
        assertTrue(e.getMessage().contains("directive 'enum' needs a value"), e.getMessage());
    }
}
