package io.fx.micronaut.events.email;

import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmailTemplateTest {

    private static final Map<String, Object> DATA = Map.of("title", "Hello", "author", Map.of("name", "Ada"),
        "count", 3);

    @Test
    void rendersTypeSubjectAndDataFields() {
        EmailTemplate template = EmailTemplate.parse("{type} {subject}: {data.title} by {data.author.name} ({data.count})",
            "k");
        assertEquals("post.published posts/1: Hello by Ada (3)", template.render("post.published", "posts/1", DATA));
    }

    @Test
    void aMissingFieldRendersAsNothingAndDoubledBracesAsOne() {
        EmailTemplate template = EmailTemplate.parse("[{data.absent}] [{data.title.deeper}] {{x}}", "k");
        assertEquals("[] [] {x}", template.render("t", "s", DATA));
    }

    @Test
    void anUnknownPlaceholderOrAStrayBraceFailsNamingTheKey() {
        for (String text : new String[] {"{title}", "{data}", "{data.}", "{data.a..b}", "{ type x }", "a { b", "a } b",
            "{}"}) {
            FxConfigurationException e = assertThrows(FxConfigurationException.class,
                () -> EmailTemplate.parse(text, "fx.events.email.x.subject"), text);
            assertTrue(e.getMessage().startsWith("fx.events.email.x.subject "), e.getMessage());
        }
        assertThrows(FxConfigurationException.class, () -> EmailTemplate.parse(" ", "k"), "blank");
        assertThrows(FxConfigurationException.class, () -> EmailTemplate.parse(null, "k"), "missing");
    }
}
