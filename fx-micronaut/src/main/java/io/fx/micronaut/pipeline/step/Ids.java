package io.fx.micronaut.pipeline.step;

/**
 * Checks record ids without allocating.
 */
final class Ids {

    private Ids() {
    }

    /**
     * @param id a candidate id
     * @return whether it has the canonical UUID form (8-4-4-4-12 hex digits)
     */
    static boolean isUuid(String id) {
        if (id.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = id.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    return false;
                }
            } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }
}
