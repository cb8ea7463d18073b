package io.fx.micronaut.pipeline;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** FxResponse's content, file names and redirects. */
class ResponseContentTest {

    @Test
    void aFileNameInAnyScriptGetsAPlainFallbackAndAnEncodedName() {
        assertEquals("attachment; filename=\"report.pdf\"", ContentDisposition.attachment("report.pdf"));
        assertEquals("attachment; filename=\"r_sum_ 2024.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9%202024.pdf",
            ContentDisposition.attachment("résumé 2024.pdf"));
        assertEquals("inline; filename=\"__.txt\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt",
            ContentDisposition.inline("日本.txt"));
        assertEquals("attachment; filename=\"_.png\"; filename*=UTF-8''%F0%9F%93%B7.png",
            ContentDisposition.attachment("📷.png"));
        assertEquals("attachment; filename=\"a_b_c_d_e\"; filename*=UTF-8''a%22b%5Cc%2Fd%25e",
            ContentDisposition.attachment("a\"b\\c/d%e"));
        assertEquals("attachment; filename=\"x__y\"; filename*=UTF-8''x%0D%0Ay",
            ContentDisposition.attachment("x\r\ny"));
        assertThrows(IllegalArgumentException.class, () -> ContentDisposition.attachment(" "));
    }

    @Test
    void contentIsSentAsItIsAndNeverWithAJsonBody() {
        FxResponse pdf = FxResponse.bytes(200, "application/pdf", new byte[] {1, 2}).attachment("a.pdf");
        assertNull(pdf.body());
        assertEquals(OptionalLong.of(2), pdf.content().length());
        assertEquals("attachment; filename=\"a.pdf\"", pdf.headers().get("Content-Disposition"));
        FxResponse stream = FxResponse.stream(200, "text/csv", new ByteArrayInputStream(new byte[0]), -1);
        assertEquals(OptionalLong.empty(), assertInstanceOf(ResponseContent.StreamContent.class, stream.content()).length());
        assertThrows(IllegalArgumentException.class, () -> new FxResponse(200, Map.of(), Map.of(),
            java.util.List.of(), pdf.content()));
        assertNull(FxResponse.of(200, Map.of("a", 1)).content());
    }

    @Test
    void aRedirectIsA3xxWithALocationAndNoBody() {
        FxResponse seeOther = FxResponse.redirect(303, "/api/posts/1");
        assertEquals(303, seeOther.status());
        assertEquals(Map.of("Location", "/api/posts/1"), seeOther.headers());
        assertNull(seeOther.body());
        assertNull(seeOther.content());
        assertThrows(IllegalArgumentException.class, () -> FxResponse.redirect(200, "/x"));
        assertThrows(IllegalArgumentException.class, () -> FxResponse.redirect(302, "/x\r\nSet-Cookie: a=b"));
        assertThrows(IllegalArgumentException.class, () -> FxResponse.of(200, null).withHeader("X", "a\nb"));
    }
}
