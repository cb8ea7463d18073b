package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Include-limit test model: has many verses, many themes through PoetTheme; the server's limits apply. */
@FxModel
public class Poet extends BaseModel {

    @Fx("required, filterable")
    private String name;
    private List<Verse> verses;
    @Fx("through:PoetTheme")
    private List<Theme> themes;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public List<Verse> getVerses() { return verses; }
    public void setVerses(List<Verse> verses) { this.verses = verses; }
    public List<Theme> getThemes() { return themes; }
    public void setThemes(List<Theme> themes) { this.themes = themes; }
}
