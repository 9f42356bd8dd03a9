#pragma once
// `boids --help` in our own layout (wrapped at 100 columns, an option's names, its value and what
// it does, its default) and `boids --help-markdown`: the same entries as docs/GUIDE.md's option
// reference, so the guide is generated from the settings table and cannot drift.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

namespace boids::app {

inline constexpr std::size_t kHelpColumns = 100;

// The formatter every mode's --help prints with (CLI::App::formatter).
std::shared_ptr<CLI::FormatterBase> helpLayout();

// Every mode's options as Markdown: a section per mode and group, an item per option.
std::string helpMarkdown(const CLI::App& root);

// `text` broken into lines of at most `width` columns at spaces, each after `indent` spaces.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width = kHelpColumns);

}  // namespace boids::app
