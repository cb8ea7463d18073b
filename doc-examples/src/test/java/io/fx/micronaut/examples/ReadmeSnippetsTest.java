package io.fx.micronaut.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The README's security section and its request-bodies section quote doc-examples verbatim: every {@code java}
 * and {@code yaml} block in them is the text between a {@code tag::name[]} and an {@code end::name[]} marker of a
 * file under {@code doc-examples/src/main} (common indentation removed), so it compiles and its tests run it.
 */
class ReadmeSnippetsTest {

    private static final Pattern BLOCK = Pattern.compile("```(java|yaml)\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("(?://|#) tag::([\\w-]+)\\[]");

    @Test
    void theSecuritySectionQuotesDocExamples() throws IOException {
        assertQuoted("## Security (fx-micronaut-security)", "## Production validation", 8);
    }

    @Test
    void theRequestBodiesSectionQuotesDocExamples() throws IOException {
        assertQuoted("### Request bodies, downloads and redirects", "## Extending the storage layer", 2);
    }

    private static void assertQuoted(String from, String to, int atLeast) throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String section = readme.substring(readme.indexOf(from), readme.indexOf(to));
        List<String> tagged = tagged(Path.of("src", "main"));
        Matcher block = BLOCK.matcher(section);
        List<String> missing = new ArrayList<>();
        int blocks = 0;
        while (block.find()) {
            blocks++;
            String text = block.group(2).stripTrailing();
            if (!tagged.contains(text)) {
                missing.add(text);
            }
        }
        assertFalse(blocks < atLeast, "the section has its snippets: " + blocks);
        assertEquals(List.of(), missing, "README blocks not quoted verbatim from a tagged region of doc-examples");
    }

    private static List<String> tagged(Path root) throws IOException {
        List<String> regions = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher tag = TAG.matcher(lines.get(i));
                    if (tag.find()) {
                        regions.add(region(lines, i + 1, tag.group(1)));
                    }
                }
            }
        }
        return regions;
    }

    private static String region(List<String> lines, int from, String name) {
        List<String> body = new ArrayList<>();
        for (int i = from; i < lines.size() && !lines.get(i).contains("end::" + name + "[]"); i++) {
            if (!TAG.matcher(lines.get(i)).find() && !lines.get(i).matches("\\s*(//|#) end::[\\w-]+\\[]\\s*")) {
                body.add(lines.get(i));
            }
        }
        int indent = body.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
            .min().orElse(0);
        return String.join("\n", body.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList()).stripTrailing();
    }
}
