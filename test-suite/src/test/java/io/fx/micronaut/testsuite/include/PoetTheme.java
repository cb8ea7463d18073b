package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Include-limit test model: the junction of poets and themes. */
@FxModel
public class PoetTheme extends BaseModel {

    @Fx("required, filterable, onDelete:cascade")
    private String poetId;
    @Fx("required, filterable, onDelete:cascade")
    private String themeId;

    public String getPoetId() { return poetId; }
    public void setPoetId(String poetId) { this.poetId = poetId; }
    public String getThemeId() { return themeId; }
    public void setThemeId(String themeId) { this.themeId = themeId; }
}
